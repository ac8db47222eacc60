import {
  Alert,
  Box,
  Button,
  Chip,
  Container,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { PageHeader } from '@stockwise/kit';
import { errorMessage, resourceKey, useAccess } from '@stockwise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { listLocations } from '@/api/inventory';
import { listStocktakes, openStocktake, type StocktakeSummary } from '@/api/stocktakes';
import { ExportCsvButton } from '@/components/ExportCsvButton';
import { LoadError, Loading } from '@/components/ScreenStates';
import { formatDateTime } from '@/lib/format';
import { useT } from '../i18n';

/** The count screen of a stock-take (the screen table's path). */
export const countPath = (id: string) => `/actions/stocktake?id=${encodeURIComponent(id)}`;

const ALL = 'all';

/** A count's state as a chip: in progress stands out, applied is done. */
export function StateChip({ state }: { state: StocktakeSummary['state'] }) {
  const { t } = useT();
  const color = state === 'counting' ? 'primary' : state === 'applied' ? 'success' : 'default';
  return <Chip size="small" color={color} label={t(`stocktakes.states.${state}`)} data-testid="stocktake-state" />;
}

/**
 * /actions/stocktakes: every count with its variance, newest first, and — for who may count — a
 * new count of a location (or all of them). Live: a count others are scanning grows here too.
 */
export function StocktakesPage() {
  const { t, i18n } = useT();
  const access = useAccess();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mayCount = access.can('stock.count');
  const [location, setLocation] = useState(ALL);
  const counts = useQuery({ queryKey: resourceKey('stocktakes'), queryFn: listStocktakes });
  const locations = useQuery({ queryKey: resourceKey('locations'), queryFn: listLocations, enabled: mayCount });
  const open = useMutation({
    mutationFn: () => openStocktake(location === ALL ? null : location),
    onSuccess: (opened) => {
      void queryClient.invalidateQueries({ queryKey: resourceKey('stocktakes') });
      navigate(countPath(opened.id));
    },
  });

  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <PageHeader
        title={t('stocktakes.title')}
        subtitle={t('stocktakes.subtitle')}
        actions={<ExportCsvButton path="/api/stocktakes" params={{}} fileName="stocktakes" />}
      />
      {mayCount ? (
        <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              select
              label={t('stocktakes.location')}
              value={location}
              onChange={(event) => setLocation(event.target.value)}
              sx={{ minWidth: 240 }}
              slotProps={{ htmlInput: { 'data-testid': 'stocktake-location' } }}
            >
              <MenuItem value={ALL}>{t('stocktakes.allLocations')}</MenuItem>
              {(locations.data ?? [])
                .filter((l) => l.active)
                .map((l) => (
                  <MenuItem key={l.id} value={l.id}>
                    {l.name}
                  </MenuItem>
                ))}
            </TextField>
            <Button variant="contained" onClick={() => open.mutate()} disabled={open.isPending}>
              {open.isPending ? t('stocktakes.opening') : t('stocktakes.open')}
            </Button>
          </Stack>
          {open.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(open.error, t('stocktakes.failed'))}
            </Alert>
          ) : null}
        </Paper>
      ) : null}
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('stocktakes.listTitle')}
      </Typography>
      {counts.isPending ? <Loading /> : null}
      {counts.isError ? <LoadError error={counts.error} onRetry={() => void counts.refetch()} /> : null}
      {counts.data?.length === 0 ? <Typography color="text.secondary">{t('stocktakes.none')}</Typography> : null}
      {counts.data?.length ? (
        <Paper variant="outlined">
          <List disablePadding aria-label={t('stocktakes.listTitle')}>
            {counts.data.map((count) => (
              <ListItemButton
                key={count.id}
                divider
                onClick={() => navigate(countPath(count.id))}
                data-testid="stocktake-row"
              >
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <Box component="span" sx={{ fontWeight: 600 }}>
                        {count.locationName ?? t('stocktakes.allLocations')}
                      </Box>
                      <StateChip state={count.state} />
                    </Stack>
                  }
                  secondary={[
                    t('stocktakes.openedBy', {
                      date: formatDateTime(count.openedAt, i18n.language),
                      user: count.openedBy ?? '—',
                    }),
                    count.found === null
                      ? t('stocktakes.scanned', { count: count.scanned })
                      : t('stocktakes.variance', {
                          found: count.found,
                          missing: count.missing,
                          unexpected: count.unexpected,
                        }),
                  ].join(' · ')}
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      ) : null}
    </Container>
  );
}
