import { Chip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { resourceKey } from '@stockwise/shared';
import { listStatuses, type StatusKey } from '@/api/inventory';
import { useT } from '@/i18n';

const COLORS: Record<StatusKey, 'success' | 'info' | 'warning' | 'default' | 'error' | 'secondary'> = {
  in_stock: 'success',
  in_process: 'info',
  reserved: 'warning',
  in_transit: 'info',
  sold: 'default',
  returned: 'secondary',
  defective: 'error',
  scrapped: 'default',
  lost: 'error',
  on_loan: 'warning',
};

/** A status's name as the company calls it (its own name when it set one), else in the user's language. */
export function useStatusName() {
  const { t } = useT();
  const statuses = useQuery({ queryKey: resourceKey('statuses'), queryFn: listStatuses, staleTime: 60_000 });
  return (key: StatusKey): string => {
    const own = statuses.data?.find((status) => status.key === key);
    return own && own.name !== own.defaultName ? own.name : t(`statuses.${key}`);
  };
}

export function StatusChip({ status }: { status: StatusKey }) {
  const name = useStatusName();
  return <Chip size="small" label={name(status)} color={COLORS[status]} variant="outlined" />;
}
