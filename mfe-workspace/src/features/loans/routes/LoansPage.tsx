import {
  Box,
  Button,
  Container,
  Link,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { PageHeader } from '@stockwise/kit';
import { resourceKey, useAccess } from '@stockwise/shared';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { listLoans, type Loan, type LoanView } from '@/api/loans';
import { ExportCsvButton } from '@/components/ExportCsvButton';
import { CheckInDialog, LoanLine, useLoansT } from '@/components/loans';
import { LoadError, Loading } from '@/components/ScreenStates';
import { formatDate } from '@/lib/format';

const VIEWS: LoanView[] = ['open', 'overdue', 'returned', 'all'];
const PAGE = 50;

/**
 * /item-status/loans: what is lent out and to whom — open loans soonest due first (the overdue
 * ones lead), only the overdue ones, the returned ones, or all — paged by the API's keyset, a CSV
 * of the view, and Check in on each open one for who may lend. Phone first: one line per loan.
 */
export function LoansPage() {
  const { t, i18n } = useLoansT();
  const access = useAccess();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('view') as LoanView | null;
  const view: LoanView = asked && VIEWS.includes(asked) ? asked : 'open';
  const [returning, setReturning] = useState<Loan | null>(null);
  const loans = useInfiniteQuery({
    queryKey: resourceKey('loans', 'list', view),
    queryFn: ({ pageParam }) => listLoans({ view, limit: PAGE, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = loans.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Container maxWidth="md" sx={{ py: 3, px: { xs: 1.5, sm: 3 } }}>
      <PageHeader
        title={t('loans.title')}
        subtitle={t('loans.subtitle')}
        actions={<ExportCsvButton path="/api/loans" params={{ view }} fileName="loans" />}
      />
      <Tabs
        value={view}
        onChange={(_, next: LoanView) => setSearch(new URLSearchParams({ view: next }))}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {VIEWS.map((v) => (
          <Tab key={v} value={v} label={t(`loans.views.${v}`)} />
        ))}
      </Tabs>
      {loans.isPending ? <Loading /> : null}
      {loans.isError ? <LoadError error={loans.error} onRetry={() => void loans.refetch()} /> : null}
      {loans.isSuccess && rows.length === 0 ? <Typography color="text.secondary">{t('loans.none')}</Typography> : null}
      {rows.length ? (
        <Paper variant="outlined">
          <List disablePadding aria-label={t('loans.title')}>
            {rows.map((loan) => (
              <ListItem
                key={loan.id}
                divider
                data-testid="loan-row"
                secondaryAction={
                  !loan.checkedInAt && access.can('items.lend') ? (
                    <Button size="small" variant="outlined" onClick={() => setReturning(loan)}>
                      {t('loans.checkIn')}
                    </Button>
                  ) : null
                }
                sx={{ pr: { xs: 12, sm: 14 } }}
              >
                <ListItemText
                  primary={
                    <Box component="span" sx={{ fontWeight: 600 }}>
                      <Link
                        component={RouterLink}
                        to={`/item-status/item-search?id=${encodeURIComponent(loan.itemId)}`}
                      >
                        {loan.serial}
                      </Link>
                      {loan.model ? ` · ${loan.model}` : ''}
                    </Box>
                  }
                  secondary={
                    <Stack component="span" spacing={0.5}>
                      <LoanLine loan={loan} />
                      <Typography component="span" variant="caption" color="text.secondary">
                        {loan.checkedInAt
                          ? t('loans.returnedOn', {
                              date: formatDate(loan.checkedInAt, i18n.language),
                              user: loan.checkedInBy ?? '—',
                            })
                          : t('loans.outBy', {
                              date: formatDate(loan.checkedOutAt, i18n.language),
                              user: loan.checkedOutBy ?? '—',
                            })}
                      </Typography>
                    </Stack>
                  }
                  slotProps={{ secondary: { component: 'div' } }}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      ) : null}
      {loans.hasNextPage ? (
        <Button sx={{ mt: 2 }} onClick={() => void loans.fetchNextPage()} disabled={loans.isFetchingNextPage}>
          {t('loans.loadMore')}
        </Button>
      ) : null}
      <CheckInDialog
        loan={returning}
        onClose={() => setReturning(null)}
        onDone={() => {
          setReturning(null);
          for (const resource of ['items', 'loans', 'alerts', 'dashboard'] as const)
            void queryClient.invalidateQueries({ queryKey: resourceKey(resource) });
        }}
      />
    </Container>
  );
}
