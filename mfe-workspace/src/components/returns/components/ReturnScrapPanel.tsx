import { Alert, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import type { Item } from '@/api/inventory';
import { ItemCard } from '@/components/ItemCard';
import { ScanField } from '@/components/ScanField';
import { useStatusName } from '@/components/StatusChip';
import { useScanLookup } from '@/hooks/useScanLookup';
import { useT } from '../i18n';
import { useOutcomeTypes } from '../lib/outcome-types';
import { ItemOutcomeActions } from './ItemOutcomeActions';

/**
 * Item Process's one-item outcomes beside its batches: scan an item; a sold one offers Return, one
 * the Scrap type takes offers Scrap (each to the users who may run it). Shown only to those users.
 */
export function ReturnScrapPanel() {
  const { t } = useT();
  const statusName = useStatusName();
  const [item, setItem] = useState<Item | null>(null);
  const [miss, setMiss] = useState('');
  const { returnType, scrapType } = useOutcomeTypes(null);
  const forItem = useOutcomeTypes(item);
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
  if (!returnType && !scrapType) return null;
  const find = (code: string) => {
    if (code.trim()) lookup.mutate(code.trim());
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="return-scrap-title">
      <Stack spacing={1.5}>
        <Typography id="return-scrap-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('returns.panelTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('returns.panelHint')}
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
            ) : (
              <Alert severity="info" role="status">
                {t('returns.nothingToDo', { serial: item.serial, status: statusName(item.status) })}
              </Alert>
            )}
          </ItemCard>
        ) : null}
      </Stack>
    </Paper>
  );
}
