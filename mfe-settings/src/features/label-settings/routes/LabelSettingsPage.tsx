import { LoadError, Loading, PageHeader } from '@stockwise/kit';
import { useT as useScreensT } from '@/i18n';
import { useLabelSettings } from '../api/label-settings';
import { LabelForm } from '../components/LabelForm';
import { useT } from '../i18n';

/** /settings/label-settings — the company's label: size, barcode, printed fields, logo, with a live preview. */
export function LabelSettingsPage() {
  const { t: ts } = useScreensT();
  const { t } = useT();
  const settings = useLabelSettings();
  const header = <PageHeader title={ts('screens.labelSettings')} subtitle={t('labels.subtitle')} />;
  if (settings.error)
    return (
      <>
        {header}
        <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
      </>
    );
  if (!settings.data)
    return (
      <>
        {header}
        <Loading />
      </>
    );
  // Keyed by the saved version: a save elsewhere (another tab, the live stream) starts the form afresh.
  return (
    <>
      {header}
      <LabelForm key={settings.data.updatedAt} saved={settings.data} />
    </>
  );
}
