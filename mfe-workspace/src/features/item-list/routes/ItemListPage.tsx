import { ItemGrid } from '@/components/ItemGrid';
import { useT } from '../i18n';

/**
 * /reporting/item-list: all items with the filters, search and sort in the address; the grid's
 * export menu has everything that matches them, exported by the API.
 */
export function ItemListPage() {
  const { t } = useT();
  return <ItemGrid title={t('itemList.title')} subtitle={t('itemList.subtitle')} />;
}
