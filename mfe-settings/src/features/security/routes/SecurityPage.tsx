import { Stack } from '@mui/material';
import { PageHeader } from '@stockwise/kit';
import { useT as useScreensT } from '@/i18n';
import { MfaPolicyCard } from '../components/MfaPolicyCard';
import { SsoProvidersCard } from '../components/SsoProvidersCard';
import { useT } from '../i18n';

/**
 * /settings/security — how the company's people sign in: the requirement of a second factor for
 * Owners and Admins, and the company's own single sign-on providers. One screen, since an owner
 * looks for both under "security".
 */
export function SecurityPage() {
  const { t } = useScreensT();
  const { t: ts } = useT();
  return (
    <>
      <PageHeader title={t('screens.security')} subtitle={ts('security.subtitle')} />
      <Stack spacing={3} sx={{ maxWidth: 880 }}>
        <MfaPolicyCard />
        <SsoProvidersCard />
      </Stack>
    </>
  );
}
