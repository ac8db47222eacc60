import { Button, Paper, Stack, Typography } from '@mui/material';
import { resourceKey, useAccess } from '@stockwise/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Item } from '@/api/inventory';
import { openLoanOf } from '@/api/loans';
import { useT } from '../i18n';
import { LENDABLE } from '../lib/lendable';
import { CheckInDialog } from './CheckInDialog';
import { CheckOutDialog } from './CheckOutDialog';
import { LoanLine } from './LoanLine';

/**
 * An item's loan on its page: to whom and until when while it is out, with Check in; otherwise
 * Check out while it is at hand. Lending is offered to holders of items.lend only; who reads
 * reports sees the loan. `onDone` follows a check-out or check-in (Item Process lets the scanned
 * item go).
 */
export function LoanPanel({ item, onDone }: { item: Item; onDone?: () => void }) {
  const { t } = useT();
  const access = useAccess();
  const queryClient = useQueryClient();
  const lend = access.can('items.lend');
  const read = lend || access.can('reports.view');
  const [lending, setLending] = useState(false);
  const [returning, setReturning] = useState(false);
  const loan = useQuery({
    queryKey: resourceKey('loans', 'item', item.id, item.version),
    queryFn: () => openLoanOf(item.id),
    enabled: read && item.status === 'on_loan',
  });
  const done = () => {
    setLending(false);
    setReturning(false);
    for (const resource of ['items', 'loans', 'alerts', 'reports', 'dashboard'] as const)
      void queryClient.invalidateQueries({ queryKey: resourceKey(resource) });
    onDone?.();
  };
  const current = item.status === 'on_loan' ? (loan.data ?? null) : null;
  if (!current && !(lend && LENDABLE.includes(item.status))) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="item-loan">
      <Typography id="item-loan" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('loans.sectionTitle')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1, alignItems: { sm: 'center' } }}>
        {current ? <LoanLine loan={current} /> : null}
        {current && lend ? (
          <Button variant="contained" onClick={() => setReturning(true)}>
            {t('loans.checkIn')}
          </Button>
        ) : null}
        {!current ? (
          <Button variant="outlined" onClick={() => setLending(true)}>
            {t('loans.checkOut')}
          </Button>
        ) : null}
      </Stack>
      <CheckOutDialog item={item} open={lending} onClose={() => setLending(false)} onDone={done} />
      <CheckInDialog loan={returning ? current : null} onClose={() => setReturning(false)} onDone={done} />
    </Paper>
  );
}
