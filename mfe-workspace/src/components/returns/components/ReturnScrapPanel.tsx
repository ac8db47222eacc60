import { Alert, Paper, Stack, Typography } from '@mui/material';
import { useAccess } from '@stockwise/shared';
import { useState } from 'react';
import type { Item } from '@/api/inventory';
import { ItemCard } from '@/components/ItemCard';
import { hasLoanAction, LoanPanel } from '@/components/loans';
import { ScanField } from '@/components/ScanField';
import { useStatusName } from '@/components/StatusChip';
import { useScanLookup } from '@/hooks/useScanLookup';
import { useT } from '../i18n';
import { useOutcomeTypes } from '../lib/outcome-types';
import { ItemOutcomeActions } from './ItemOutcomeActions';

/**
 * Item Process's one-item outcomes beside its batches: scan an item; a sold one offers Return, one
 * the Scrap type takes offers Scrap (each to the users who may run it); to a holder of items.lend,
 * one at hand offers Check out and one on loan Check in (the item page's loan panel and dialogs).
 * Shown only to those users.
 */
export function ReturnScrapPanel() {
  const { t } = useT();
  const statusName = useStatusName();
  const [item, setItem] = useState<Item | null>(null);
  const [miss, setMiss] = useState('');
  const { returnType, scrapType } = useOutcomeTypes(null);
  const forItem = useOutcomeTypes(item);
  const lend = useAccess().can('items.lend');
  const { scanRef, serial, setSerial, lookup } = useScanLookup({
    failedText: t('returns.panelTitle'),
    onFound: (found) => {
      setItem(found);
      setMiss('');
      setSerial('');
    },
    onMiss: (text) => {
      setItem(null);
      setMiss(text);
    },
  });
  if (!returnType && !scrapType && !lend) return null;
  const title = lend
    ? returnType || scrapType
      ? 'returns.panelTitleLend'
      : 'returns.panelTitleLendOnly'
    : 'returns.panelTitle';
  const lends = Boolean(item && lend && hasLoanAction(item.status));
  const find = (code: string) => {
    if (code.trim()) lookup.mutate(code.trim());
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="return-scrap-title">
      <Stack spacing={1.5}>
        <Typography id="return-scrap-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t(title)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(lend ? 'returns.panelHintLend' : 'returns.panelHint')}
        </Typography>
        <ScanField
          inputRef={scanRef}
          value={serial}
          onChange={setSerial}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              find(serial);
            }
          }}
          onCode={find}
          testId="return-scrap-scan"
        />
        {miss ? (
          <Alert severity="error" role="alert">
            {miss}
          </Alert>
        ) : null}
        {item ? (
          <ItemCard item={item}>
            {forItem.returnType || forItem.scrapType ? (
              <ItemOutcomeActions item={item} onDone={() => setItem(null)} />
            ) : null}
            {lends ? <LoanPanel item={item} onDone={() => setItem(null)} /> : null}
            {!forItem.returnType && !forItem.scrapType && !lends ? (
              <Alert severity="info" role="status">
                {t(lend ? 'returns.nothingToDoLend' : 'returns.nothingToDo', {
                  serial: item.serial,
                  status: statusName(item.status),
                })}
              </Alert>
            ) : null}
          </ItemCard>
        ) : null}
      </Stack>
    </Paper>
  );
}
