import { Alert, Box, Button, Container, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { ConfirmDialog, PageHeader } from '@stockwise/kit';
import { errorMessage, resourceKey, useAccess } from '@stockwise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { getStocktake, stepStocktake, type ScanAnswer, type Stocktake } from '@/api/stocktakes';
import { ScanField } from '@/components/ScanField';
import { LoadError, Loading } from '@/components/ScreenStates';
import { formatDateTime } from '@/lib/format';
import {
  THROUGH_THE_TILL,
  TillQueue,
  TillStatus,
  useCountTill,
  useTill,
  withLastKnown,
  type CountScan,
} from '@/offline';
import { Variance } from '../components/Variance';
import { useT } from '../i18n';
import { StateChip } from './StocktakesPage';

type Message = { severity: 'success' | 'warning' | 'info' | 'error'; text: string } | null;

/**
 * /actions/stocktake?id=…: one count. While counting, a scan field (a scanner's Enter, the camera,
 * or typing) records each serial and says at once what it is for this count; the total is the
 * server's, so every phone counting shows the same number (live updates refetch it). Without a
 * network (a back room out of the Wi-Fi's reach) scans are kept on the device, shown beside the
 * total, and counted when it returns. Closed, it shows the variance by outcome, and Apply.
 */
export function StocktakeCountPage() {
  const { t } = useT();
  const id = useSearchParams()[0].get('id') ?? '';
  const key = resourceKey('stocktakes', { id });
  // Kept on the device for its user: a phone that reloads the count in a back room without a
  // network still opens it (as last read) and keeps taking scans for when the network returns.
  const count = useQuery({
    queryKey: key,
    queryFn: () => withLastKnown(`stocktake:${id}`, () => getStocktake(id)),
    enabled: !!id,
  });
  if (count.isPending) return <Loading />;
  if (count.isError) return <LoadError error={count.error} onRetry={() => void count.refetch()} />;
  const stocktake = count.data;
  const closed = stocktake.state === 'closed' || stocktake.state === 'applied';
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <PageHeader
        title={t('stocktakes.countTitle', { location: stocktake.locationName ?? t('stocktakes.allLocations') })}
        subtitle={stocktake.note ?? undefined}
        actions={
          <Button component={RouterLink} to="/actions/stocktakes">
            {t('stocktakes.back')}
          </Button>
        }
      />
      <Box sx={{ mb: 2 }}>
        <StateChip state={stocktake.state} />
      </Box>
      {closed ? <Variance stocktake={stocktake} /> : <Counting stocktake={stocktake} />}
    </Container>
  );
}

function Counting({ stocktake }: { stocktake: Stocktake }) {
  const { t, i18n } = useT();
  const access = useAccess();
  const queryClient = useQueryClient();
  const mayCount = access.can('stock.count');
  const scanRef = useRef<HTMLInputElement>(null);
  const [serial, setSerial] = useState('');
  const [message, setMessage] = useState<Message>(null);
  const [confirmClose, setConfirmClose] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKey('stocktakes') });
  const focusScan = () => setTimeout(() => scanRef.current?.focus(), 0);

  const said = (answer: ScanAnswer): NonNullable<Message> => {
    const serial = answer.serial;
    if (answer.repeated) return { severity: 'info', text: t('stocktakes.scanRepeated', { serial }) };
    if (answer.outcome === 'found') return { severity: 'success', text: t('stocktakes.scanFound', { serial }) };
    if (answer.outcome === 'elsewhere')
      return {
        severity: 'warning',
        text: t('stocktakes.scanElsewhere', { serial, location: answer.locationName ?? '—' }),
      };
    if (answer.outcome === 'sold') return { severity: 'warning', text: t('stocktakes.scanSold', { serial }) };
    return { severity: 'warning', text: t('stocktakes.scanUnknown', { serial }) };
  };
  const till = useCountTill(stocktake.id);
  const device = useTill('count');
  const ours = (body: unknown) => (body as CountScan).stocktakeId === stocktake.id;
  const kept = device.entries.filter((e) => e.state === 'waiting' && ours(e.body)).length;
  const syncedScans = device.synced.length;
  // A scan kept on the device has just been counted: the total and the last scans are read again.
  useEffect(() => {
    if (syncedScans > 0) void queryClient.invalidateQueries({ queryKey: resourceKey('stocktakes') });
  }, [syncedScans, queryClient]);
  const scan = useMutation({
    // Through the till, whatever the browser says of the network: the till keeps the scan when
    // there is none, under the one key every resend of it carries.
    ...THROUGH_THE_TILL,
    mutationFn: (scanned: string) => till.scan(scanned),
    onSuccess: (result) => {
      setMessage('answer' in result ? said(result.answer) : result.kept);
      void refresh();
    },
    onError: (error) => {
      setMessage({ severity: 'error', text: errorMessage(error, t('stocktakes.scanFailed')) });
      void refresh();
    },
    onSettled: focusScan,
  });
  const step = useMutation({
    mutationFn: (to: 'pause' | 'resume' | 'close') => stepStocktake(stocktake.id, to),
    onSuccess: () => refresh(),
    onError: (error) => setMessage({ severity: 'error', text: errorMessage(error, t('stocktakes.failed')) }),
  });

  function submit(code: string) {
    const scanned = code.trim();
    setSerial('');
    if (scanned) scan.mutate(scanned);
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submit(serial);
  }

  const counting = stocktake.state === 'counting';
  return (
    <Stack spacing={2}>
      <TillStatus kind="count" />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography color="text.secondary">{t('stocktakes.counted')}</Typography>
        <Typography variant="h3" component="p" sx={{ fontWeight: 700 }} data-testid="stocktake-scanned">
          {stocktake.scanned}
        </Typography>
        {kept > 0 ? (
          <Typography color="text.secondary" data-testid="stocktake-kept">
            {t('stocktakes.kept', { count: kept })}
          </Typography>
        ) : null}
      </Paper>
      {counting && mayCount ? (
        <Box>
          <ScanField
            inputRef={scanRef}
            value={serial}
            onChange={setSerial}
            onKeyDown={onKeyDown}
            onCode={submit}
            testId="stocktake-scan"
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('stocktakes.scanHint')}
          </Typography>
        </Box>
      ) : null}
      {stocktake.state === 'paused' ? <Alert severity="info">{t('stocktakes.paused')}</Alert> : null}
      {message ? (
        <Alert severity={message.severity} role="status" data-testid="stocktake-message">
          {message.text}
        </Alert>
      ) : null}
      <TillQueue kind="count" only={ours} describe={(entry) => said(entry.answer as ScanAnswer).text} />
      {mayCount ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {counting ? (
            <Button variant="outlined" onClick={() => step.mutate('pause')} disabled={step.isPending}>
              {t('stocktakes.pause')}
            </Button>
          ) : (
            <Button variant="outlined" onClick={() => step.mutate('resume')} disabled={step.isPending}>
              {t('stocktakes.resume')}
            </Button>
          )}
          <Button variant="contained" onClick={() => setConfirmClose(true)} disabled={step.isPending}>
            {t('stocktakes.close')}
          </Button>
        </Stack>
      ) : null}
      <Box>
        <Typography component="h2" variant="h6">
          {t('stocktakes.recent')}
        </Typography>
        {stocktake.recent.length === 0 ? (
          <Typography color="text.secondary">{t('stocktakes.noScans')}</Typography>
        ) : (
          <List dense aria-label={t('stocktakes.recent')}>
            {stocktake.recent.map((s) => (
              <ListItem key={s.serial} divider disableGutters>
                <ListItemText
                  primary={s.serial}
                  secondary={`${formatDateTime(s.scannedAt, i18n.language)} · ${s.scannedBy ?? '—'}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
      <ConfirmDialog
        open={confirmClose}
        title={t('stocktakes.close')}
        body={t('stocktakes.closeConfirm')}
        confirmLabel={t('stocktakes.close')}
        onConfirm={() => step.mutateAsync('close')}
        onClose={() => setConfirmClose(false)}
      />
    </Stack>
  );
}
