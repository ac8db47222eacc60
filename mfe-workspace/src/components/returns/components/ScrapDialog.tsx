import { TextField } from '@mui/material';
import { FormDialog } from '@stockwise/kit';
import { notify } from '@stockwise/shared';
import { useMemo } from 'react';
import { z } from 'zod';
import { runTransaction, type Item, type TransactionType } from '@/api/inventory';
import { useT } from '../i18n';

type Values = { reason: string };

/** An item out of the stock for good, with the reason the API requires on the event. */
export function ScrapDialog({
  item,
  type,
  open,
  onClose,
  onDone,
}: {
  item: Item;
  type: TransactionType;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useT();
  const schema = useMemo(
    () => z.object({ reason: z.string().trim().min(1, t('returns.reasonRequired')).max(200) }),
    [t],
  );
  return (
    <FormDialog<Values>
      open={open}
      title={t('returns.scrapTitle', { serial: item.serial })}
      schema={schema}
      defaultValues={{ reason: '' }}
      submitLabel={t('returns.scrapConfirm')}
      onSubmit={async (values) => {
        await runTransaction({ transactionTypeId: type.id, itemIds: [item.id], reason: values.reason.trim() });
        notify(t('returns.scrapped', { serial: item.serial }), 'success');
        onDone();
      }}
      onClose={onClose}
    >
      {(field) => <TextField label={t('returns.reason')} required autoFocus {...field('reason')} />}
    </FormDialog>
  );
}
