import { useMoney } from '@stockwise/shared';
import { Alert, Box, Button, Typography } from '@mui/material';
import type { Item } from '@/api/inventory';
import { useStatusName } from '@/components/StatusChip';
import { itemFieldLabelKey, itemFieldValue } from '@/lib/item-fields';
import type { Conflict } from '../hooks/useEditedItem';
import { useT } from '../i18n';

const MASTER = ['serial', 'sku', 'brandName', 'model', 'cost', 'salePrice', 'warrantyMonths'] as const;

const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);

/** Someone else saved the item since it was read: what they changed, and loading their version. */
export function ConflictAlert({
  base,
  conflict,
  onReload,
}: {
  base: Item | null;
  conflict: Conflict;
  onReload: () => void;
}) {
  const { t } = useT();
  const money = useMoney();
  const statusName = useStatusName();
  const { fresh } = conflict;
  return (
    <Alert
      severity="warning"
      role="alert"
      action={
        <Button color="inherit" onClick={onReload}>
          {t('editItem.reload')}
        </Button>
      }
    >
      <Typography>{conflict.message}</Typography>
      <Typography>{t('editItem.theirChanges')}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {MASTER.filter((key) => differs(fresh[key], base?.[key])).map((key) => (
          <li key={key}>
            {`${t(itemFieldLabelKey(key)!)}: ${itemFieldValue(key, base?.[key], money, '—')} → ${itemFieldValue(key, fresh[key], money, '—')}`}
          </li>
        ))}
        {differs(fresh.fields, base?.fields) ? (
          <li>{`${t('item.fields')}: ${JSON.stringify(base?.fields)} → ${JSON.stringify(fresh.fields)}`}</li>
        ) : null}
        {fresh.status !== base?.status || fresh.locationId !== base?.locationId ? (
          <li>{`${statusName(fresh.status)} · ${fresh.locationName}`}</li>
        ) : null}
      </Box>
    </Alert>
  );
}
