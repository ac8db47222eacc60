import { Button, Stack } from '@mui/material';
import { resourceKey } from '@stockwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Item } from '@/api/inventory';
import { useT } from '../i18n';
import { useOutcomeTypes } from '../lib/outcome-types';
import { ReturnDialog } from './ReturnDialog';
import { ScrapDialog } from './ScrapDialog';

/**
 * Return (a sold item) and Scrap (one the Scrap type takes) for one item, each shown only to a
 * user whose roles may run that type. After either, the item, its history and the lists reload.
 */
export function ItemOutcomeActions({ item, onDone }: { item: Item; onDone?: () => void }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const { returnType, scrapType } = useOutcomeTypes(item);
  const [open, setOpen] = useState<'return' | 'scrap' | null>(null);
  const done = () => {
    void queryClient.invalidateQueries({ queryKey: resourceKey('items') });
    void queryClient.invalidateQueries({ queryKey: resourceKey('sales') });
    onDone?.();
  };
  if (!returnType && !scrapType) return null;
  return (
    <Stack direction="row" spacing={1}>
      {returnType ? (
        <Button variant="outlined" onClick={() => setOpen('return')}>
          {t('returns.returnAction')}
        </Button>
      ) : null}
      {scrapType ? (
        <Button variant="outlined" color="error" onClick={() => setOpen('scrap')}>
          {t('returns.scrapAction')}
        </Button>
      ) : null}
      {returnType ? (
        <ReturnDialog
          items={[item]}
          type={returnType}
          open={open === 'return'}
          onClose={() => setOpen(null)}
          onDone={done}
        />
      ) : null}
      {scrapType ? (
        <ScrapDialog item={item} type={scrapType} open={open === 'scrap'} onClose={() => setOpen(null)} onDone={done} />
      ) : null}
    </Stack>
  );
}
