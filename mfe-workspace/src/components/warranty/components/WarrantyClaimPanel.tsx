import { Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { resourceKey, useAccess } from '@stockwise/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Item } from '@/api/inventory';
import { listItemWarrantyClaims, type WarrantyState } from '@/api/warranty';
import { formatDate } from '@/lib/format';
import { useT } from '../i18n';
import { NEXT, underWarranty } from '../lib/steps';
import { AdvanceClaimDialog } from './AdvanceClaimDialog';
import { OpenClaimDialog } from './OpenClaimDialog';

/**
 * An item's warranty claim on its page: the claim in progress (state, supplier, fault) with its
 * next steps, or "Open warranty claim" while the warranty runs and none is open. Opening and
 * advancing are offered to holders of warranty.manage only; the history and lists reload after.
 */
export function WarrantyClaimPanel({ item }: { item: Item }) {
  const { t, i18n } = useT();
  const access = useAccess();
  const queryClient = useQueryClient();
  const manage = access.can('warranty.manage');
  const [opening, setOpening] = useState(false);
  const [step, setStep] = useState<Exclude<WarrantyState, 'open'> | null>(null);
  const claims = useQuery({
    queryKey: resourceKey('items', item.id, 'warranty-claims'),
    queryFn: () => listItemWarrantyClaims(item.id),
  });
  const current = claims.data?.find((c) => c.state !== 'closed');
  const done = () => {
    setOpening(false);
    setStep(null);
    void queryClient.invalidateQueries({ queryKey: resourceKey('items') });
    void queryClient.invalidateQueries({ queryKey: resourceKey('reports') });
  };
  if (!current && !(manage && underWarranty(item.warrantyEndsAt) && item.status !== 'scrapped' && claims.isSuccess))
    return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="warranty-claim">
      <Typography id="warranty-claim" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('warranty.sectionTitle')}
      </Typography>
      {current ? (
        <Stack spacing={1} sx={{ mt: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip color={current.state === 'open' ? 'warning' : 'info'} label={t(`warranty.states.${current.state}`)} />
            <Typography variant="body2" color="text.secondary">
              {t('warranty.summary', {
                vendor: current.vendorName ?? t('warranty.noVendor'),
                date: formatDate(current.openedAt, i18n.language),
                user: current.openedBy ?? '—',
              })}
            </Typography>
          </Stack>
          <Typography variant="body2">{t('warranty.faultLine', { fault: current.fault })}</Typography>
          {current.outcome ? (
            <Typography variant="body2">
              {t('warranty.outcomeLine', { outcome: t(`warranty.outcomes.${current.outcome}`) })}
            </Typography>
          ) : null}
          {manage ? (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
              {NEXT[current.state].map((to) => (
                <Button
                  key={to}
                  variant={to === 'closed' ? 'text' : 'outlined'}
                  color={to === 'closed' ? 'inherit' : 'primary'}
                  onClick={() => setStep(to)}
                >
                  {t(`warranty.actions.${to}`)}
                </Button>
              ))}
            </Stack>
          ) : null}
          <AdvanceClaimDialog claim={current} to={step} onClose={() => setStep(null)} onDone={done} />
        </Stack>
      ) : (
        <>
          <Button variant="outlined" sx={{ mt: 1 }} onClick={() => setOpening(true)}>
            {t('warranty.openAction')}
          </Button>
          <OpenClaimDialog item={item} open={opening} onClose={() => setOpening(false)} onDone={done} />
        </>
      )}
    </Paper>
  );
}
