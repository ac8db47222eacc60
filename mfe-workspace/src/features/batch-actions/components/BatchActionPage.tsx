import { Alert, Box, Button, Container, MenuItem, Paper, Stack, TextField } from '@mui/material';
import { PageHeader } from '@stockwise/kit';
import { errorMessage, resourceKey, useAccess } from '@stockwise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import {
  listLocations,
  listTransactionTypes,
  runTransaction,
  type Item,
  type StatusKey,
  type TransactionRequest,
  type TransactionType,
} from '@/api/inventory';
import { CatalogueSelect } from '@/components/CatalogueSelect';
import { ScanField } from '@/components/ScanField';
import { useOutcomeTypes } from '@/components/returns';
import { Forbidden, isForbidden, LoadError, Loading } from '@/components/ScreenStates';
import { useStatusName } from '@/components/StatusChip';
import { useScanLookup } from '@/hooks/useScanLookup';
import { handedItems } from '@/lib/handoff';
import { useT } from '../i18n';
import { TARGET_STATUSES, TEXT, type BatchKind } from '../lib/batch-kinds';
import { destinationOf } from '../lib/destination';
import { ReturnSoldButton } from './ReturnSoldButton';
import { ScannedItems } from './ScannedItems';

type Message = { severity: 'success' | 'error' | 'info'; text: string } | null;

/**
 * The scan-a-batch screens (change location, change status, item process): scan serials one after
 * another (each looked up and checked against the chosen type as it comes), then one
 * POST /api/transactions, all or nothing; the API's refusal is shown in its words.
 */
export function BatchActionPage({ kind }: { kind: BatchKind }) {
  const { t } = useT();
  const statusName = useStatusName();
  const queryClient = useQueryClient();
  const types = useQuery({
    queryKey: resourceKey('transaction-types'),
    queryFn: listTransactionTypes,
  });
  const locations = useQuery({ queryKey: resourceKey('locations'), queryFn: listLocations });
  const [typeId, setTypeId] = useState('');
  const [locationId, setLocationId] = useState('');
  const [toStatus, setToStatus] = useState<StatusKey | ''>('');
  const [note, setNote] = useState('');
  const handed = handedItems(useLocation().state);
  const [items, setItems] = useState<Item[]>(handed);
  const [message, setMessage] = useState<Message>(
    handed.length ? { severity: 'info', text: t('bulk.handed', { count: handed.length }) } : null,
  );
  const [missing, setMissing] = useState<Record<string, boolean>>({});

  // Only the types the caller's role claims allow, once GET /api/access has answered (the API refuses the rest).
  const access = useAccess();
  const usable = (types.data ?? []).filter(
    (type) => type.kind === kind && type.active && (!access.known || access.mayRun(type.id)),
  );
  const type: TransactionType | undefined = usable.find((candidate) => candidate.id === typeId) ?? usable[0];
  const activeLocations = (locations.data ?? []).filter((location) => location.active);
  const destination = locationId || type?.defaultToLocationId || '';
  const destinationName = activeLocations.find((location) => location.id === destination)?.name ?? '';

  // Change Status never makes a sold item anything else: a sold item goes back through the return
  // flow (reason, refund, destination), offered here to a user who may run the Return type.
  const { returnType } = useOutcomeTypes(null);
  const returnable = (item: Item) =>
    kind === 'status_change' &&
    Boolean(returnType?.fromStatuses.includes(item.status)) &&
    !type?.fromStatuses.includes(item.status);
  const toReturn = items.filter(returnable);

  /** Why the chosen type would refuse this item, or null. */
  function refusal(item: Item): string | null {
    if (!type) return null;
    if (returnable(item)) return t('batch.returnInstead', { status: statusName(item.status) });
    if (!type.fromStatuses.includes(item.status)) {
      return t('batch.notAccepted', { type: type.name, status: statusName(item.status) });
    }
    if (kind === 'move' && destination && item.locationId === destination) {
      return t('batch.alreadyThere', { location: destinationName });
    }
    return null;
  }

  const { scanRef, serial, setSerial, focusScan, lookup } = useScanLookup({
    failedText: t('batch.lookupFailed'),
    onFound: (item) => {
      setItems((current) => (current.some((one) => one.id === item.id) ? current : [...current, item]));
      setMessage({ severity: 'info', text: t('batch.added', { serial: item.serial }) });
    },
    onMiss: (text) => setMessage({ severity: 'error', text }),
  });

  const run = useMutation({
    mutationFn: (body: TransactionRequest) => runTransaction(body),
    onSuccess: (events) => {
      const count = events.length;
      const text =
        kind === 'move'
          ? t('batch.moved', { count, location: destinationName })
          : kind === 'status_change'
            ? t('batch.statusDone', { count, status: toStatus ? statusName(toStatus) : '' })
            : t('batch.processDone', { count, type: type?.name ?? '' });
      setMessage({ severity: 'success', text });
      setItems([]);
      setNote('');
      void queryClient.invalidateQueries({ queryKey: resourceKey('items') });
      focusScan();
    },
    onError: (error) => {
      setMessage({ severity: 'error', text: errorMessage(error, t('batch.failed')) });
      focusScan();
    },
  });

  function onScanKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      setSerial('');
      return;
    }
    if (event.key !== 'Enter') return;
    event.preventDefault();
    scan(serial.trim());
  }

  function scan(scanned: string) {
    if (!scanned || lookup.isPending) return;
    setSerial('');
    const place = kind === 'move' ? destinationOf(activeLocations, scanned) : undefined;
    if (place) {
      setLocationId(place.id);
      setMissing((current) => ({ ...current, destination: false }));
      setMessage({ severity: 'info', text: t('batch.destinationSet', { location: place.name }) });
      focusScan();
      return;
    }
    const known = items.find((item) => item.serial.toLowerCase() === scanned.toLowerCase());
    if (known) setMessage({ severity: 'info', text: t('batch.already', { serial: known.serial }) });
    else lookup.mutate(scanned);
  }

  function confirm() {
    if (!type || items.length === 0 || run.isPending) return;
    const need: Record<string, boolean> = {
      destination: kind === 'move' && !destination,
      status: kind === 'status_change' && !toStatus,
      reason: kind === 'status_change' && !note.trim(),
    };
    setMissing(need);
    if (Object.values(need).some(Boolean)) return;
    if (items.some((item) => refusal(item))) {
      setMessage({ severity: 'error', text: t('batch.fixFirst') });
      return;
    }
    const body: TransactionRequest = { transactionTypeId: type.id, serials: items.map((item) => item.serial) };
    if (kind === 'move') body.toLocationId = destination;
    if (kind === 'status_change' && toStatus) body.toStatus = toStatus;
    if (note.trim()) body.note = note.trim();
    run.mutate(body);
  }

  const text = TEXT[kind];
  const header = <PageHeader title={t(text.title)} subtitle={t(text.subtitle)} />;
  const frame = (children: ReactNode) => (
    <Container maxWidth="md" sx={{ py: 3, px: { xs: 1.5, sm: 3 } }}>
      {header}
      {children}
    </Container>
  );
  const failed = [types, locations].find((query) => query.isError);
  if (failed) {
    return frame(
      isForbidden(failed.error) ? (
        <Forbidden />
      ) : (
        <LoadError error={failed.error} onRetry={() => [types, locations].forEach((query) => void query.refetch())} />
      ),
    );
  }
  if (types.isPending || locations.isPending) return frame(<Loading />);
  if (usable.length === 0) {
    // Types of this kind exist but the caller's claims allow none: say that, not "none exist".
    const refused = (types.data ?? []).filter((candidate) => candidate.kind === kind && candidate.active);
    return frame(
      <Alert severity="info">
        {refused.length
          ? t('batch.notAllowed', { types: refused.map((candidate) => candidate.name).join(', ') })
          : t('batch.noTypes')}
      </Alert>,
    );
  }

  return frame(
    <Stack
      spacing={2}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) confirm();
      }}
    >
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {usable.length > 1 || kind === 'process' ? (
            <TextField
              select
              fullWidth
              label={t('batch.type')}
              value={type?.id ?? ''}
              onChange={(event) => setTypeId(event.target.value)}
            >
              {usable.map((candidate) => (
                <MenuItem key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          {kind === 'move' ? (
            <CatalogueSelect
              fullWidth
              required
              label={t('batch.destination')}
              options={activeLocations}
              value={destination}
              onChange={(id) => {
                setLocationId(id);
                setMissing((current) => ({ ...current, destination: false }));
              }}
              error={missing.destination ? t('batch.required') : undefined}
              helperText=" "
            />
          ) : null}
          {kind === 'status_change' ? (
            <TextField
              select
              fullWidth
              required
              label={t('batch.newStatus')}
              value={toStatus}
              onChange={(event) => {
                setToStatus(event.target.value as StatusKey);
                setMissing((current) => ({ ...current, status: false }));
              }}
              error={Boolean(missing.status)}
              helperText={missing.status ? t('batch.required') : ' '}
            >
              {TARGET_STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  {statusName(status)}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
        </Stack>
        <TextField
          fullWidth
          required={kind === 'status_change'}
          label={kind === 'status_change' ? t('batch.reason') : t('batch.note')}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            setMissing((current) => ({ ...current, reason: false }));
          }}
          error={Boolean(missing.reason)}
          helperText={missing.reason ? t('batch.required') : ' '}
        />
      </Paper>
      <ScanField inputRef={scanRef} value={serial} onChange={setSerial} onKeyDown={onScanKey} onCode={scan} />
      <Box aria-live="polite">
        {message ? (
          <Alert severity={message.severity} role={message.severity === 'error' ? 'alert' : 'status'}>
            {message.text}
          </Alert>
        ) : null}
      </Box>
      <ScannedItems
        items={items}
        refusal={refusal}
        onRemove={(item) => setItems((current) => current.filter((one) => one.id !== item.id))}
        onClear={() => setItems([])}
      />
      {returnType ? (
        <ReturnSoldButton
          items={toReturn}
          type={returnType}
          onReturned={(returned) => {
            setItems((current) => current.filter((item) => !returned.includes(item)));
            setMessage({ severity: 'success', text: t('batch.returnedSome', { count: returned.length }) });
          }}
        />
      ) : null}
      <Button variant="contained" size="large" onClick={confirm} disabled={items.length === 0 || run.isPending}>
        {t(text.confirm, { count: items.length })}
      </Button>
    </Stack>,
  );
}
