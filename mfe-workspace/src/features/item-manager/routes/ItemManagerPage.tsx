import { ItemGrid } from '@/components/ItemGrid';
import { useT } from '../i18n';

/** /item-status/item-manager: every item, filtered and sorted by the server, with bulk actions on ticked rows. */
export function ItemManagerPage() {
  const { t } = useT();
  return <ItemGrid title={t('manager.title')} subtitle={t('manager.subtitle')} />;
}
