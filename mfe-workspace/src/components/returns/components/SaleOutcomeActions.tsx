import { Button, TextField, Typography } from '@mui/material';
import { FormDialog } from '@stockwise/kit';
import { call, notify, resourceKey, useAccess, type ApiResponse } from '@stockwise/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { getItem } from '@/api/inventory';
import { useT } from '../i18n';
import { useOutcomeTypes } from '../lib/outcome-types';
import { QuantityReturnButton } from './QuantityReturnButton';
import { ReturnDialog } from './ReturnDialog';

type Sale = ApiResponse<'getSale'>;
const voidSale = (id: string, reason: string) =>
  call('POST', '/api/sales/{id}/void', { params: { id }, body: { reason } });
/** The API voids a sale on its own UTC day only: the button is offered on that day. */
const madeToday = (createdAt: string, now = new Date()) => createdAt.slice(0, 10) === now.toISOString().slice(0, 10);

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: resourceKey('sales') });
    void queryClient.invalidateQueries({ queryKey: resourceKey('items') });
    void queryClient.invalidateQueries({ queryKey: resourceKey('customers') });
    void queryClient.invalidateQueries({ queryKey: resourceKey('product-models') });
  };
}

/** "Void sale" on a sale of today, for a holder of sales.void: a reason, then the API's void. */
export function SaleOutcomeActions({ sale }: { sale: Sale }) {
  const { t } = useT();
  const access = useAccess();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const schema = useMemo(
    () => z.object({ reason: z.string().trim().min(1, t('returns.reasonRequired')).max(200) }),
    [t],
  );
  if (sale.voidedAt || !access.can('sales.void') || !madeToday(sale.createdAt)) return null;
  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)}>
        {t('returns.voidAction')}
      </Button>
      <FormDialog<{ reason: string }>
        open={open}
        title={t('returns.voidTitle', { number: sale.number })}
        schema={schema}
        defaultValues={{ reason: '' }}
        submitLabel={t('returns.voidConfirm')}
        onSubmit={async (values) => {
          await voidSale(sale.id, values.reason.trim());
          notify(t('returns.voided', { number: sale.number }), 'success');
          refresh();
        }}
        onClose={() => setOpen(false)}
      >
        {(field) => (
          <>
            <Typography variant="body2">{t('returns.voidHint')}</Typography>
            <TextField label={t('returns.reason')} required autoFocus {...field('reason')} />
          </>
        )}
      </FormDialog>
    </>
  );
}

/** "Return line n" on a sale's line not returned yet (a quantity line: not all of it): the Return dialog. */
export function ReturnLineButton({ sale, line }: { sale: Sale; line: Sale['lines'][number] }) {
  const { t } = useT();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const item = useQuery({
    queryKey: resourceKey('items', line.itemId),
    queryFn: () => getItem(line.itemId!),
    enabled: open && line.itemId !== null,
  });
  const { returnType } = useOutcomeTypes(null);
  if (sale.voidedAt || !returnType) return null;
  // A line of a model × quantity has no item: its units go back, in one go or in parts.
  if (line.modelId)
    return line.returnedQuantity < line.quantity ? (
      <QuantityReturnButton sale={sale} line={line} onDone={refresh} />
    ) : null;
  if (line.returnedAt) return null;
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {t('returns.returnLine', { line: line.line })}
      </Button>
      {item.data ? (
        <ReturnDialog
          items={[{ ...item.data, salePrice: line.price }]}
          type={returnType}
          open={open}
          onClose={() => setOpen(false)}
          onDone={refresh}
        />
      ) : null}
    </>
  );
}
