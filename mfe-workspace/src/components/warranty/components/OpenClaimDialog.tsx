import { TextField, Typography } from '@mui/material';
import { FormDialog } from '@stockwise/kit';
import { notify } from '@stockwise/shared';
import { useMemo } from 'react';
import { z } from 'zod';
import type { Item } from '@/api/inventory';
import { openWarrantyClaim } from '@/api/warranty';
import { formatDate } from '@/lib/format';
import { useT } from '../i18n';

type Values = { fault: string };

/** Opens a claim: what the customer reports; the supplier the item came from is shown, taken by the API. */
export function OpenClaimDialog({
  item,
  open,
  onClose,
  onDone,
}: {
  item: Item;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useT();
  const schema = useMemo(
    () => z.object({ fault: z.string().trim().min(1, t('warranty.faultRequired')).max(1000) }),
    [t],
  );
  return (
    <FormDialog<Values>
      open={open}
      title={t('warranty.openTitle', { serial: item.serial })}
      schema={schema}
      defaultValues={{ fault: '' }}
      submitLabel={t('warranty.openConfirm')}
      onSubmit={async (values) => {
        await openWarrantyClaim(item.id, values.fault.trim());
        notify(t('warranty.opened', { serial: item.serial }), 'success');
        onDone();
      }}
      onClose={onClose}
    >
      {(field) => (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('warranty.openHint', {
              date: formatDate(item.warrantyEndsAt, i18n.language),
              vendor: item.vendorName ?? t('warranty.noVendor'),
            })}
          </Typography>
          <TextField label={t('warranty.fault')} required autoFocus {...field('fault')} />
        </>
      )}
    </FormDialog>
  );
}
