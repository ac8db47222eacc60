import CloudDoneIcon from '@mui/icons-material/CloudDone';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import SyncIcon from '@mui/icons-material/Sync';
import { Alert, Button, Chip, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { formatDateTime } from '@/lib/format';
import { useT } from './i18n';
import type { QueuedEntry, QueuedKind, SyncedEntry } from './queue';
import { useTill } from './useTill';

// What the screen's work becomes while offline, in its own words.
const OFFLINE_TEXT = { sale: 'till.offline', receive: 'till.offlineReceive', count: 'till.offlineCount' } as const;

/** The till's honest state in one line: online, offline, or syncing N. */
export function TillStatus({ kind }: { kind: QueuedKind }) {
  const { t } = useT();
  const { online, syncing, waiting } = useTill(kind);
  const [icon, text, color] = !online
    ? [<CloudOffIcon key="i" />, t(OFFLINE_TEXT[kind]), 'warning' as const]
    : syncing && waiting > 0
      ? [<SyncIcon key="i" />, t('till.syncing', { count: waiting }), 'info' as const]
      : waiting > 0
        ? [<SyncIcon key="i" />, t('till.waitingCount', { count: waiting }), 'info' as const]
        : [<CloudDoneIcon key="i" />, t('till.online'), 'success' as const];
  return (
    <Chip
      icon={icon}
      label={text}
      color={color}
      variant="outlined"
      role="status"
      data-testid="till-status"
      sx={{ alignSelf: 'flex-start', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }}
    />
  );
}

function QueuedLine({ entry, onDismiss }: { entry: QueuedEntry; onDismiss: (key: string) => void }) {
  const { t, i18n } = useT();
  const time = formatDateTime(entry.queuedAt, i18n.language);
  if (entry.state === 'waiting')
    return (
      <ListItem disableGutters data-testid="till-line" data-state="waiting">
        <ListItemText primary={entry.label} secondary={t('till.waiting', { time })} />
      </ListItem>
    );
  // "Sold elsewhere" is what a sale's conflict means; a reception's or a count's is the API's own words.
  const text = entry.noPrice
    ? t('till.noPrice')
    : t(entry.state === 'conflict' && entry.kind === 'sale' ? 'till.conflict' : 'till.failed', {
        problem: entry.problem ?? '',
      });
  return (
    <ListItem disableGutters data-testid="till-line" data-state={entry.state}>
      <Alert
        severity="error"
        sx={{ width: '100%' }}
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => onDismiss(entry.key)}
            aria-label={t('till.dismissLabel', { label: entry.label })}
          >
            {t('till.dismiss')}
          </Button>
        }
      >
        <strong>{entry.label}</strong> · {text} <Typography variant="caption">({time})</Typography>
      </Alert>
    </ListItem>
  );
}

function SyncedLine({ entry, describe }: { entry: SyncedEntry; describe?: (entry: SyncedEntry) => string }) {
  const { t } = useT();
  const number = (entry.answer as { number?: number } | null)?.number;
  const text = describe
    ? t('till.syncedAs', { what: describe(entry) })
    : entry.kind === 'sale'
      ? t('till.sent', { number })
      : t('till.received');
  return (
    <ListItem disableGutters data-testid="till-line" data-state="synced">
      <ListItemText primary={entry.label} secondary={text} />
    </ListItem>
  );
}

/**
 * What waits on this device (oldest first) and what it has sent since the page opened; a
 * conflict or refusal stays, with its reason, until the user dismisses it. Nothing when empty.
 * `only` keeps the screen's own entries (one count's scans among another count's); `describe`
 * says what the API answered a synced one, in the screen's words (a scan found, or misplaced).
 */
export function TillQueue({
  kind,
  only = () => true,
  describe,
}: {
  kind: QueuedKind;
  only?: (body: unknown) => boolean;
  describe?: (entry: SyncedEntry) => string;
}) {
  const { t } = useT();
  const till = useTill(kind);
  const entries = till.entries.filter((e) => only(e.body));
  const synced = till.synced.filter((e) => only(e.body));
  const { dismiss } = till;
  if (entries.length === 0 && synced.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`till-queue-${kind}`}>
      <Typography id={`till-queue-${kind}`} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('till.queueTitle')}
      </Typography>
      <Stack>
        <List dense data-testid="till-queue">
          {entries.map((entry) => (
            <QueuedLine key={entry.key} entry={entry} onDismiss={(key) => void dismiss(key)} />
          ))}
          {synced.slice(0, 20).map((entry) => (
            <SyncedLine key={entry.key} entry={entry} describe={describe} />
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
