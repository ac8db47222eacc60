import {
  Alert,
  Box,
  Button,
  Chip,
  Container,
  Link,
  List,
  ListItem,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { EmptyState, PageHeader } from '@stockwise/kit';
import { call, errorMessage, resourceKey, type ApiResponse } from '@stockwise/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { getItem } from '@/api/inventory';
import { AlertsCard } from '@/components/AlertsCard';
import { LoadError, Loading } from '@/components/ScreenStates';
import { formatDate } from '@/lib/format';
import { handOff } from '@/lib/handoff';
import { useT } from '../i18n';

type Task = ApiResponse<'listTasks'>['items'][number];

/** The screen that does a task's work on its item: it opens with the item already scanned. */
const WORK_SCREEN: Partial<Record<Task['kind'], string>> = {
  process: '/actions/item-process',
  transfer: '/actions/change-location',
};

const listMyTasks = (status: 'open' | 'done', cursor?: string) =>
  call('GET', '/api/tasks', { query: { mine: '1', status, cursor, limit: 50 } });
const completeTask = (id: string) => call('POST', '/api/tasks/{id}/done', { params: { id } });

/** /my-tasks: the home of everyone but the owner — open tasks assigned to me or my roles, one click from the work. */
export function MyTasksPage() {
  const { t, i18n } = useT();
  const language = i18n.language;
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<'open' | 'done'>('open');
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const tasks = useInfiniteQuery({
    queryKey: resourceKey('tasks', { mine: '1', status }),
    queryFn: ({ pageParam }) => listMyTasks(status, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const done = useMutation({
    mutationFn: (task: Task) => completeTask(task.id),
    onSuccess: (_, task) => {
      setMessage({ severity: 'success', text: t('tasks.markedDone', { title: task.title }) });
      void queryClient.invalidateQueries({ queryKey: resourceKey('tasks') });
    },
    onError: (error) => setMessage({ severity: 'error', text: errorMessage(error, t('tasks.failedDone')) }),
  });
  const navigate = useNavigate();
  const start = useMutation({
    mutationFn: (task: Task) => getItem(task.itemId!),
    onSuccess: (item, task) => navigate(WORK_SCREEN[task.kind]!, { state: handOff([item]) }),
    onError: (error) => setMessage({ severity: 'error', text: errorMessage(error, t('tasks.failedStart')) }),
  });
  const rows = tasks.data?.pages.flatMap((page) => page.items) ?? [];
  const [now] = useState(() => Date.now());

  return (
    <Container maxWidth="md" sx={{ py: 3, px: { xs: 1.5, sm: 3 } }}>
      <PageHeader title={t('tasks.title')} subtitle={t('tasks.subtitle')} />
      <Stack spacing={2}>
        <AlertsCard />
        <ToggleButtonGroup
          exclusive
          size="small"
          value={status}
          onChange={(_, next: 'open' | 'done' | null) => next && setStatus(next)}
          aria-label={t('tasks.showing')}
        >
          <ToggleButton value="open">{t('tasks.open')}</ToggleButton>
          <ToggleButton value="done">{t('tasks.done')}</ToggleButton>
        </ToggleButtonGroup>
        <Box aria-live="polite">
          {message ? (
            <Alert severity={message.severity} role={message.severity === 'error' ? 'alert' : 'status'}>
              {message.text}
            </Alert>
          ) : null}
        </Box>
        {tasks.isPending ? (
          <Loading />
        ) : tasks.isError ? (
          <LoadError error={tasks.error} onRetry={() => void tasks.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState title={status === 'open' ? t('tasks.empty') : t('tasks.emptyDone')} />
        ) : (
          <List aria-label={t('tasks.title')} sx={{ p: 0 }}>
            {rows.map((task) => {
              const overdue = task.status === 'open' && task.dueAt && new Date(task.dueAt).getTime() < now;
              return (
                <ListItem key={task.id} divider sx={{ display: 'block', px: 0 }}>
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
                    <Box>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
                          {task.title}
                        </Typography>
                        <Chip size="small" label={t(`tasks.kinds.${task.kind}`)} />
                      </Stack>
                      <Typography variant="body2" color={overdue ? 'error' : 'text.secondary'}>
                        {[
                          task.status === 'done'
                            ? t('tasks.finished', { date: formatDate(task.doneAt, language) })
                            : task.dueAt
                              ? t(overdue ? 'tasks.overdue' : 'tasks.due', { date: formatDate(task.dueAt, language) })
                              : null,
                          t('tasks.assignedTo', { name: task.assigneeName }),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Typography>
                      {task.serial ? (
                        <Link
                          component={RouterLink}
                          to={`/item-status/item-search?${new URLSearchParams({ q: task.serial, ...(task.itemId ? { id: task.itemId } : {}) })}`}
                        >
                          {t('tasks.item', { serial: task.serial })}
                        </Link>
                      ) : null}
                      {task.note ? <Typography variant="body2">{task.note}</Typography> : null}
                    </Box>
                    {task.status === 'open' ? (
                      <Stack direction="row" spacing={1} sx={{ flexShrink: 0, alignItems: 'flex-start' }}>
                        {task.itemId && WORK_SCREEN[task.kind] ? (
                          <Button
                            variant="contained"
                            onClick={() => start.mutate(task)}
                            disabled={start.isPending}
                            aria-label={t('tasks.startNamed', { title: task.title })}
                          >
                            {t('tasks.start')}
                          </Button>
                        ) : null}
                        <Button
                          variant="outlined"
                          onClick={() => done.mutate(task)}
                          disabled={done.isPending && done.variables?.id === task.id}
                        >
                          {done.isPending && done.variables?.id === task.id ? t('tasks.marking') : t('tasks.markDone')}
                        </Button>
                      </Stack>
                    ) : null}
                  </Stack>
                </ListItem>
              );
            })}
          </List>
        )}
        {tasks.hasNextPage ? (
          <Button onClick={() => void tasks.fetchNextPage()} disabled={tasks.isFetchingNextPage}>
            {t('tasks.more')}
          </Button>
        ) : null}
      </Stack>
    </Container>
  );
}
