import { useLocations } from '@/api/catalogue';
import { useStatuses, type StatusKey } from '../api/transaction-types';
import { useT } from '../i18n';
import type { Kind } from '../lib/kinds';

/** The words for a type's statuses (the company's own names), kinds and locations. */
export function useTypeNames() {
  const { t } = useT();
  const statuses = useStatuses();
  const locations = useLocations();
  return {
    locations: locations.data ?? [],
    statusName: (key: StatusKey) => statuses.data?.find((s) => s.key === key)?.name ?? t(`statuses.${key}`),
    kindName: (kind: Kind) => t(`kinds.${kind}`),
    locationName: (id: string | null) => (id ? (locations.data?.find((l) => l.id === id)?.name ?? '') : ''),
  };
}
