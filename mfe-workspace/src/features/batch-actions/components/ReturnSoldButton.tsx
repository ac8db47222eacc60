import { Button } from '@mui/material';
import { resourceKey } from '@stockwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Item, TransactionType } from '@/api/inventory';
import { ReturnDialog } from '@/components/returns';
import { useT } from '../i18n';

/**
 * Change Status's way out for the sold items scanned into it: the return dialog (reason, refund,
 * destination) on them. After the return, `onReturned` takes them out of the batch.
 */
export function ReturnSoldButton({
  items,
  type,
  onReturned,
}: {
  items: Item[];
  type: TransactionType;
  onReturned: (returned: Item[]) => void;
}) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  if (!items.length) return null;
  return (
    <>
      <Button variant="outlined" size="large" onClick={() => setOpen(true)}>
        {t('batch.returnSold', { count: items.length })}
      </Button>
      <ReturnDialog
        items={items}
        type={type}
        open={open}
        onClose={() => setOpen(false)}
        onDone={(returned) => {
          void queryClient.invalidateQueries({ queryKey: resourceKey('items') });
          void queryClient.invalidateQueries({ queryKey: resourceKey('sales') });
          onReturned(returned);
        }}
      />
    </>
  );
}
