import { Alert, Box, Button, List, ListItem, ListItemText, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { ConfirmDialog } from '@stockwise/kit';
import { errorMessage, resourceKey, useAccess } from '@stockwise/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StatusKey } from '@/api/inventory';
import { applyStocktake, getVariance, type Outcome, type Stocktake } from '@/api/stocktakes';
import { ExportCsvButton } from '@/components/ExportCsvButton';
import { LoadError, Loading } from '@/components/ScreenStates';
import { useStatusName } from '@/components/StatusChip';
import { useT } from '../i18n';

type Message = { severity: 'success' | 'error'; text: string } | null;
const OUTCOMES: Outcome[] = ['missing', 'elsewhere', 'sold', 'unknown', 'found'];

/** A closed count's variance: totals, the lines by outcome (paged), its CSV, and Apply for stock.count holders. */
export function Variance({ stocktake }: { stocktake: Stocktake }) {
  const { t } = useT();
  const access = useAccess();
  const queryClient = useQueryClient();
  const statusName = useStatusName();
  const [outcome, setOutcome] = useState<Outcome>('missing');
  const [confirmApply, setConfirmApply] = useState(false);
  const [result, setResult] = useState<Message>(null);
  const lines = useInfiniteQuery({
    queryKey: resourceKey('stocktakes', { id: stocktake.id, variance: outcome }),
    queryFn: ({ pageParam }) => getVariance(stocktake.id, { outcome, cursor: pageParam || undefined, limit: 50 }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const apply = useMutation({
    mutationFn: () => applyStocktake(stocktake.id),
    onSuccess: (done) => {
      setResult({ severity: 'success', text: t('stocktakes.applied', done) });
      void queryClient.invalidateQueries({ queryKey: resourceKey('stocktakes') });
      void queryClient.invalidateQueries({ queryKey: resourceKey('items') });
    },
    onError: (error) => setResult({ severity: 'error', text: errorMessage(error, t('stocktakes.failed')) }),
  });
  const counts: Record<Outcome, number | null> = {
    found: stocktake.found,
    missing: stocktake.missing,
    elsewhere: null,
    sold: null,
    unknown: null,
  };
  const rows = lines.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack spacing={2}>
      <Typography component="h2" variant="h6">
        {t('stocktakes.varianceTitle')}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="stocktake-variance">
        {(['found', 'missing', 'unexpected'] as const).map((k) => (
          <Paper key={k} variant="outlined" sx={{ p: 1.5, minWidth: 96 }} data-testid={`variance-${k}`}>
            <Typography variant="body2" color="text.secondary">
              {k === 'unexpected' ? t('stocktakes.unexpected') : t(`stocktakes.outcomes.${k}`)}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
              {stocktake[k] ?? 0}
            </Typography>
          </Paper>
        ))}
      </Stack>
      {result ? (
        <Alert severity={result.severity} role="status">
          {result.text}
        </Alert>
      ) : null}
      {stocktake.state === 'closed' && access.can('stock.count') ? (
        <Box>
          <Button variant="contained" onClick={() => setConfirmApply(true)} disabled={apply.isPending}>
            {t('stocktakes.apply')}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('stocktakes.applyHint')}
          </Typography>
        </Box>
      ) : null}
      <Tabs
        value={outcome}
        onChange={(_, value: Outcome) => setOutcome(value)}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {OUTCOMES.map((o) => (
          <Tab
            key={o}
            value={o}
            label={
              counts[o] === null ? t(`stocktakes.outcomes.${o}`) : `${t(`stocktakes.outcomes.${o}`)} (${counts[o]})`
            }
          />
        ))}
      </Tabs>
      {lines.isPending ? <Loading /> : null}
      {lines.isError ? <LoadError error={lines.error} onRetry={() => void lines.refetch()} /> : null}
      {lines.isSuccess && rows.length === 0 ? (
        <Typography color="text.secondary">{t('stocktakes.noLines')}</Typography>
      ) : null}
      {rows.length ? (
        <List dense aria-label={t(`stocktakes.outcomes.${outcome}`)} data-testid="variance-lines">
          {rows.map((line) => (
            <ListItem key={`${line.outcome}-${line.serial}`} divider disableGutters>
              <ListItemText
                primary={line.serial}
                secondary={
                  line.itemId
                    ? t('stocktakes.where', {
                        location: line.locationName ?? '—',
                        status: line.status ? statusName(line.status as StatusKey) : '—',
                      })
                    : undefined
                }
              />
            </ListItem>
          ))}
        </List>
      ) : null}
      {lines.hasNextPage ? (
        <Button onClick={() => void lines.fetchNextPage()} disabled={lines.isFetchingNextPage}>
          {t('stocktakes.more')}
        </Button>
      ) : null}
      <Box>
        <ExportCsvButton
          path={`/api/stocktakes/${stocktake.id}/variance`}
          params={{}}
          fileName={`stocktake-variance`}
        />
      </Box>
      <ConfirmDialog
        open={confirmApply}
        title={t('stocktakes.apply')}
        body={t('stocktakes.applyConfirm')}
        confirmLabel={t('stocktakes.apply')}
        destructive
        onConfirm={() => apply.mutateAsync()}
        onClose={() => setConfirmApply(false)}
      />
    </Stack>
  );
}
