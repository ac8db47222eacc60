import { Button, Paper, Stack, Typography } from '@mui/material';
import { resourceKey, useAccess } from '@stockwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Item } from '@/api/inventory';
import { useT } from '@/i18n';
import { handOff } from '@/lib/handoff';
import { PrintLabelsButton } from './PrintLabels';
import { ReturnDialog, useOutcomeTypes } from './returns';

/**
 * What can be done with the rows ticked in an item list: each opens the screen that does the
 * work with the items already scanned (move, status, process, sell: all or nothing there, the
 * API's refusal shown naming the serial), prints their labels, or returns the sold ones (the
 * return dialog lists each item, those it leaves out with why; one event per item returned).
 */
export function BulkActions({ items, onClear }: { items: Item[]; onClear: () => void }) {
  const { t } = useT();
  const navigate = useNavigate();
  // Offered only when GET /api/access says they will be let through (the API still decides).
  const access = useAccess();
  const queryClient = useQueryClient();
  const { returnType } = useOutcomeTypes(null);
  const [returning, setReturning] = useState(false);
  if (!items.length) return null;
  const open = (path: string) => navigate(path, { state: handOff(items) });
  const process = access.can('items.process');
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('bulk.title')}
      sx={{ p: 1.5, mb: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Typography sx={{ fontWeight: 600, mr: 1 }} role="status">
        {t('bulk.selected', { count: items.length })}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={!process} onClick={() => open('/actions/change-location')}>
          {t('bulk.move')}
        </Button>
        <Button variant="outlined" disabled={!process} onClick={() => open('/item-status/status-change')}>
          {t('bulk.status')}
        </Button>
        <Button variant="outlined" disabled={!process} onClick={() => open('/actions/item-process')}>
          {t('bulk.process')}
        </Button>
        <Button variant="outlined" disabled={!access.can('items.sell')} onClick={() => open('/actions/multi-sale')}>
          {t('bulk.sell')}
        </Button>
        {returnType ? (
          <Button variant="outlined" onClick={() => setReturning(true)}>
            {t('bulk.return')}
          </Button>
        ) : null}
        <PrintLabelsButton items={items} />
        <Button onClick={onClear}>{t('bulk.clear')}</Button>
      </Stack>
      {returnType ? (
        <ReturnDialog
          items={items}
          type={returnType}
          open={returning}
          onClose={() => setReturning(false)}
          onDone={() => {
            void queryClient.invalidateQueries({ queryKey: resourceKey('items') });
            void queryClient.invalidateQueries({ queryKey: resourceKey('sales') });
            onClear();
          }}
        />
      ) : null}
    </Paper>
  );
}
