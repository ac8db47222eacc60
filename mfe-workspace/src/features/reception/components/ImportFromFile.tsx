import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { call, errorMessage, resourceKey, toAppError, useAccess, type RowError } from '@stockwise/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { formatNumber } from '@/lib/format';
import { useT } from '../i18n';

interface Refusal {
  message: string;
  rows: RowError[];
  total: number;
}

/** How often a running job is asked for its progress. */
const POLL_MS = 1_000;
const upload = (file: File) =>
  call(
    'POST',
    '/api/imports/items',
    { query: { fileName: file.name.slice(0, 200) }, body: file },
    // The API takes only text/csv; a browser may call a .csv file application/vnd.ms-excel.
    { headers: { 'Content-Type': 'text/csv' } },
  );
const getJob = (id: string) => call('GET', '/api/imports/{id}', { params: { id } });
const recentJobs = async () => (await call('GET', '/api/imports')).items;

/** A refused file's rows (a 400 with rowErrors), or null for any other failure. */
function refusal(error: unknown): Refusal | null {
  const refused = toAppError(error, '');
  if (!refused.rowErrors?.length) return null;
  return {
    message: refused.message,
    rows: refused.rowErrors,
    total: refused.rowErrorCount ?? refused.rowErrors.length,
  };
}

/**
 * A reception by file (`POST /api/imports/items`): every row is checked before anything is
 * written, and a bad file comes back with each bad row by line. A clean file becomes a job whose
 * progress is followed here; its id is in the URL (`?import=`), and a reload without it finds the
 * company's running job, so leaving the page loses nothing.
 */
export function ImportFromFile() {
  const { t, i18n } = useT();
  const queryClient = useQueryClient();
  // A file with costs needs the claim that shows them (the API refuses it otherwise).
  const seesCost = useAccess().can('items.cost.view');
  const [search, setSearch] = useSearchParams();
  const input = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState<string | null>(null);
  const [refused, setRefused] = useState<Refusal | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const jobId = search.get('import');

  // A reload without ?import= still finds a job that is running.
  const recent = useQuery({ queryKey: resourceKey('imports', 'recent'), queryFn: recentJobs, enabled: !jobId });
  const running = recent.data?.find((job) => job.status === 'queued' || job.status === 'running');
  const followed = jobId ?? (running && running.id !== dismissed ? running.id : null);
  const job = useQuery({
    queryKey: resourceKey('imports', followed),
    queryFn: () => getJob(followed!),
    enabled: Boolean(followed),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'succeeded' || status === 'failed' ? false : POLL_MS;
    },
  });
  const finished = job.data?.status === 'succeeded';
  useEffect(() => {
    // The new items are in every list now.
    if (finished) void queryClient.invalidateQueries({ queryKey: resourceKey('items') });
  }, [finished, queryClient]);

  const follow = (id: string | null) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id) next.set('import', id);
        else next.delete('import');
        return next;
      },
      { replace: true },
    );

  async function send(file: File) {
    setRefused(null);
    setFailure(null);
    setSending(file.name);
    try {
      const started = await upload(file);
      queryClient.setQueryData(resourceKey('imports', started.id), started);
      follow(started.id);
    } catch (error) {
      const rows = refusal(error);
      if (rows) setRefused(rows);
      else setFailure(errorMessage(error, t('import.failed')));
    } finally {
      setSending(null);
      if (input.current) input.current.value = '';
    }
  }

  const number = (value: number) => formatNumber(value, i18n.language);
  const active = job.data && (job.data.status === 'queued' || job.data.status === 'running');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="reception-import">
      <Typography id="reception-import" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('import.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('import.help')}
      </Typography>
      <Box component="code" sx={{ display: 'block', fontSize: 13, mb: 1.5, overflowX: 'auto', whiteSpace: 'nowrap' }}>
        serial,itemType,location,brand,model,sku,{seesCost ? 'cost,' : ''}
        salePrice,warrantyMonths,vendor,fields.&lt;key&gt;
      </Box>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void send(file);
        }}
      />
      <Button
        variant="outlined"
        startIcon={<UploadFileIcon />}
        disabled={Boolean(sending) || Boolean(active)}
        onClick={() => input.current?.click()}
      >
        {sending ? t('import.checking', { name: sending }) : t('import.choose')}
      </Button>
      {sending ? <LinearProgress sx={{ mt: 1.5 }} aria-label={t('import.checking', { name: sending })} /> : null}
      {failure ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {failure}
        </Alert>
      ) : null}
      {refused ? (
        <Box sx={{ mt: 1.5 }}>
          <Alert severity="error">
            {refused.message}{' '}
            {refused.total > refused.rows.length
              ? t('import.firstProblems', { shown: number(refused.rows.length), total: number(refused.total) })
              : null}
          </Alert>
          <Box sx={{ overflowX: 'auto', maxHeight: 320, mt: 1 }}>
            <Table size="small" stickyHeader aria-label={t('import.problemsLabel')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('import.line')}</TableCell>
                  <TableCell>{t('import.column')}</TableCell>
                  <TableCell>{t('import.reason')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {refused.rows.map((row, index) => (
                  <TableRow key={`${row.line}-${row.column ?? ''}-${index}`}>
                    <TableCell>{row.line}</TableCell>
                    <TableCell>{row.column ?? '—'}</TableCell>
                    <TableCell>{row.reason}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Box>
      ) : null}
      {job.isError ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {errorMessage(job.error, t('import.lost'))}
        </Alert>
      ) : null}
      {job.data ? (
        <Stack spacing={1} sx={{ mt: 1.5 }} role="status">
          <Typography variant="body2">
            {job.data.fileName
              ? t('import.jobNamed', { name: job.data.fileName, rows: number(job.data.totalRows) })
              : t('import.job', { rows: number(job.data.totalRows) })}
          </Typography>
          {active ? (
            <>
              <LinearProgress
                variant={job.data.rowsDone > 0 ? 'determinate' : 'indeterminate'}
                value={job.data.percent}
                aria-label={t('import.progressLabel')}
              />
              <Typography variant="body2" color="text.secondary">
                {t('import.progress', {
                  done: number(job.data.rowsDone),
                  total: number(job.data.totalRows),
                  percent: job.data.percent,
                })}
              </Typography>
            </>
          ) : job.data.status === 'succeeded' ? (
            <Alert
              severity="success"
              action={
                <Link component={RouterLink} to="/item-status/item-manager" sx={{ alignSelf: 'center' }}>
                  {t('import.open')}
                </Link>
              }
            >
              {t('import.done', { rows: number(job.data.totalRows) })}
            </Alert>
          ) : (
            <>
              <Alert severity="error">{job.data.message ?? t('import.failed')}</Alert>
              {job.data.errors.length ? (
                <Box component="ul" sx={{ m: 0, pl: 3 }}>
                  {job.data.errors.map((row, index) => (
                    <li key={`${row.line}-${index}`}>{t('import.lineProblem', row)}</li>
                  ))}
                </Box>
              ) : null}
            </>
          )}
          {!active ? (
            <Box>
              <Button
                size="small"
                onClick={() => {
                  setDismissed(followed);
                  follow(null);
                }}
              >
                {t('import.dismiss')}
              </Button>
            </Box>
          ) : null}
        </Stack>
      ) : null}
    </Paper>
  );
}
