import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { EmptyState, ExportMenu, isForbidden, LoadError, Loading, PageHeader } from '@stockwise/kit';
import { useMemo, useState } from 'react';
import { useUsers } from '@/api/users';
import { useT as useScreensT } from '@/i18n';
import { useAuditLog, type AuditEntity, type AuditFilters, type AuditRow } from '../api/audit-log';
import { useT } from '../i18n';

const ENTITIES: AuditEntity[] = [
  'role',
  'role-claims',
  'user-roles',
  'user',
  'invitation',
  'subscription',
  'company',
  'label-settings',
  'transaction-type',
  'item-type',
  'brand',
  'location',
  'status',
  'sso-provider',
];

/** The day after a yyyy-mm-dd day: the API's `to` is exclusive, the screen's "To" day is included. */
function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** A date and time as the screen's language writes them. */
function useMomentFormat(): (iso: string) => string {
  const { i18n } = useT();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
    return (iso: string) => format.format(new Date(iso));
  }, [i18n.language]);
}

/** A snapshot's value as one line of text: lists joined, objects as their JSON. */
function shown(value: unknown, none: string): string {
  if (value === undefined || value === null || value === '') return none;
  if (Array.isArray(value)) return value.length ? value.map((v) => shown(v, none)).join(', ') : none;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

type Snapshot = Record<string, unknown> | null;
const asSnapshot = (value: unknown): Snapshot =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** Before and after, field by field; the fields that changed stand out. */
function ChangeDetail({ row, onClose }: { row: AuditRow; onClose: () => void }) {
  const { t } = useT();
  const moment = useMomentFormat();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const before = asSnapshot(row.before);
  const after = asSnapshot(row.after);
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const none = t('auditLog.none');
  return (
    <Dialog open onClose={onClose} fullScreen={phone} maxWidth="md" fullWidth aria-labelledby="audit-detail-title">
      <DialogTitle id="audit-detail-title">
        {t(`auditLog.entities.${row.entity}`)}
        {row.entityName ? ` · ${row.entityName}` : ''}
      </DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t(`auditLog.actions.${row.action}`)} · {row.actorName ?? t('auditLog.system')} · {moment(row.createdAt)}
        </Typography>
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('auditLog.details')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('auditLog.field')}</TableCell>
                <TableCell>{t('auditLog.before')}</TableCell>
                <TableCell>{t('auditLog.after')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {fields.map((field) => {
                const was = shown(before?.[field], none);
                const is = shown(after?.[field], none);
                const changed = was !== is;
                const weight = changed ? 700 : undefined;
                return (
                  <TableRow key={field} data-changed={changed || undefined}>
                    <TableCell component="th" scope="row" sx={{ fontWeight: weight }}>
                      {field}
                    </TableCell>
                    <TableCell sx={{ wordBreak: 'break-word', fontWeight: weight }}>{was}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word', fontWeight: weight }}>{is}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('auditLog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** /settings/audit-log — who changed which setting, when, before and after; filtered, exported. */
export function AuditLogPage() {
  const { t: ts } = useScreensT();
  const { t } = useT();
  const moment = useMomentFormat();
  const [filters, setFilters] = useState<{ actorId: string; entity: AuditEntity | ''; from: string; to: string }>({
    actorId: '',
    entity: '',
    from: '',
    to: '',
  });
  const query: AuditFilters = {
    ...(filters.actorId ? { actorId: filters.actorId } : {}),
    ...(filters.entity ? { entity: filters.entity } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: dayAfter(filters.to) } : {}),
  };
  const log = useAuditLog(query);
  // The "By" filter lists the company's users when the caller may read them (users.manage).
  const users = useUsers();
  const [open, setOpen] = useState<AuditRow | null>(null);
  const rows = log.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Boolean(filters.actorId || filters.entity || filters.from || filters.to);
  const set = (key: keyof typeof filters) => (event: { target: { value: string } }) =>
    setFilters((current) => ({ ...current, [key]: event.target.value }));

  if (isForbidden(log.error))
    return (
      <>
        <PageHeader title={ts('screens.auditLog')} />
        <LoadError error={log.error} onRetry={() => void log.refetch()} />
      </>
    );
  return (
    <>
      <PageHeader
        title={ts('screens.auditLog')}
        subtitle={t('auditLog.subtitle')}
        actions={<ExportMenu path="/api/audit-log" params={query} name="audit-log" label={t('auditLog.export')} />}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        {users.data ? (
          <TextField
            select
            label={t('auditLog.who')}
            value={filters.actorId}
            onChange={set('actorId')}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">{t('auditLog.anyone')}</MenuItem>
            {users.data.map((u) => (
              <MenuItem key={u.id} value={u.id}>
                {u.userName}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        <TextField
          select
          label={t('auditLog.kind')}
          value={filters.entity}
          onChange={set('entity')}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t('auditLog.anyKind')}</MenuItem>
          {ENTITIES.map((e) => (
            <MenuItem key={e} value={e}>
              {t(`auditLog.entities.${e}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="date"
          label={t('auditLog.from')}
          value={filters.from}
          onChange={set('from')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          label={t('auditLog.to')}
          value={filters.to}
          onChange={set('to')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      {log.isPending ? (
        <Loading />
      ) : log.error ? (
        <LoadError error={log.error} onRetry={() => void log.refetch()} />
      ) : rows.length === 0 ? (
        filtered ? (
          <EmptyState title={t('auditLog.noMatches')} />
        ) : (
          <EmptyState title={t('auditLog.emptyTitle')} body={t('auditLog.emptyBody')} />
        )
      ) : (
        <>
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={ts('screens.auditLog')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('auditLog.when')}</TableCell>
                  <TableCell>{t('auditLog.who')}</TableCell>
                  <TableCell>{t('auditLog.kind')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('auditLog.name')}</TableCell>
                  <TableCell>{t('auditLog.change')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow
                    key={row.id}
                    hover
                    onClick={() => setOpen(row)}
                    sx={{ cursor: 'pointer' }}
                    data-testid="audit-row"
                  >
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{moment(row.createdAt)}</TableCell>
                    <TableCell>{row.actorName ?? t('auditLog.system')}</TableCell>
                    <TableCell>
                      {t(`auditLog.entities.${row.entity}`)}
                      {row.entityName ? (
                        <Box component="span" sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary' }}>
                          {row.entityName}
                        </Box>
                      ) : null}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{row.entityName ?? ''}</TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        onClick={(event) => {
                          event.stopPropagation();
                          setOpen(row);
                        }}
                        aria-label={`${t('auditLog.details')}: ${t(`auditLog.entities.${row.entity}`)} ${row.entityName ?? ''}`.trim()}
                      >
                        {t(`auditLog.actions.${row.action}`)}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {log.hasNextPage ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
              <Button variant="outlined" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
                {t('auditLog.more')}
              </Button>
            </Box>
          ) : null}
        </>
      )}
      {open ? <ChangeDetail row={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
