import {
  Autocomplete,
  Button,
  Container,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { PageHeader } from '@stockwise/kit';
import { resourceKey, useAccess } from '@stockwise/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { listLocations } from '@/api/inventory';
import { LoadError, Loading } from '@/components/ScreenStates';
import { formatDateTime } from '@/lib/format';
import { getQuantityStock, listQuantityModels, listQuantityMoves, type Movement } from '../api';
import { MovementDialog } from '../components/MovementDialog';
import { useT } from '../i18n';

/**
 * /actions/quantity-stock: a model sold by quantity (no serials) — what is on hand at each
 * location, Receive / Move / Count for who may (the claims of reception, moving and stock-takes),
 * and its history (the API's append-only ledger). The model is in the address (?model=).
 */
export function QuantityStockPage() {
  const { t, i18n } = useT();
  const access = useAccess();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const modelId = search.get('model');
  const [typed, setTyped] = useState('');
  const [mode, setMode] = useState<Movement | null>(null);
  // The query keys start with product-models: the live stream names it after every quantity change.
  const models = useQuery({
    queryKey: resourceKey('product-models', 'by-quantity', typed),
    queryFn: () => listQuantityModels(typed),
  });
  const stock = useQuery({
    queryKey: resourceKey('product-models', modelId, 'stock'),
    queryFn: () => getQuantityStock(modelId!),
    enabled: Boolean(modelId),
  });
  const moves = useQuery({
    queryKey: resourceKey('product-models', modelId, 'stock', 'moves'),
    queryFn: () => listQuantityMoves(modelId!),
    enabled: Boolean(modelId),
  });
  const locations = useQuery({ queryKey: resourceKey('locations'), queryFn: listLocations });
  const places = (locations.data ?? []).filter((l) => l.active).map((l) => ({ id: l.id, name: l.name }));
  const picked = (models.data ?? []).find((m) => m.id === modelId) ?? null;
  const actions: Array<[Movement, boolean]> = [
    ['receive', access.can('items.receive')],
    ['move', access.can('items.process')],
    ['count', access.can('stock.count')],
  ];

  return (
    <Container maxWidth="md" sx={{ py: 3, px: { xs: 1.5, sm: 3 } }}>
      <PageHeader title={t('quantityStock.title')} subtitle={t('quantityStock.subtitle')} />
      <Stack spacing={2}>
        <Autocomplete
          options={models.data ?? []}
          value={picked}
          getOptionLabel={(m) => [m.name, m.barcode].filter(Boolean).join(' · ')}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onInputChange={(_, value, reason) => reason === 'input' && setTyped(value)}
          onChange={(_, m) => setSearch(m ? new URLSearchParams({ model: m.id }) : new URLSearchParams())}
          noOptionsText={t('quantityStock.noModels')}
          renderInput={(params) => <TextField {...params} label={t('quantityStock.model')} />}
        />
        {!modelId ? <Typography color="text.secondary">{t('quantityStock.pick')}</Typography> : null}
        {stock.isPending && modelId ? <Loading /> : null}
        {stock.isError ? <LoadError error={stock.error} onRetry={() => void stock.refetch()} /> : null}
        {stock.data ? (
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="quantity-on-hand">
            <Typography id="quantity-on-hand" variant="h6" component="h2">
              {stock.data.modelName} — {t('quantityStock.total')}: {stock.data.onHand}
            </Typography>
            {stock.data.locations.length === 0 ? (
              <Typography color="text.secondary">{t('quantityStock.nowhere')}</Typography>
            ) : (
              <List dense data-testid="quantity-locations">
                {stock.data.locations.map((l) => (
                  <ListItem key={l.locationId} disableGutters>
                    <ListItemText primary={l.locationName} secondary={`${t('quantityStock.onHand')}: ${l.onHand}`} />
                  </ListItem>
                ))}
              </List>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              {actions
                .filter(([, allowed]) => allowed)
                .map(([action]) => (
                  <Button key={action} variant="outlined" onClick={() => setMode(action)}>
                    {t(`quantityStock.${action}`)}
                  </Button>
                ))}
            </Stack>
          </Paper>
        ) : null}
        {moves.data && moves.data.length ? (
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="quantity-ledger">
            <Typography id="quantity-ledger" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('quantityStock.ledger')}
            </Typography>
            <List dense>
              {moves.data.map((m) => (
                <ListItem key={m.id} disableGutters>
                  <ListItemText
                    primary={t('quantityStock.line', {
                      kind: t(`quantityStock.kind.${m.kind}`),
                      delta: m.delta > 0 ? `+${m.delta}` : String(m.delta),
                      location: m.locationName,
                      after: m.onHandAfter,
                      user: m.userName,
                      when: formatDateTime(m.createdAt, i18n.language),
                    })}
                    secondary={
                      [
                        m.reason,
                        m.saleNumber ? t('quantityStock.sale', { number: m.saleNumber }) : null,
                        m.purchaseOrderReference
                          ? t('quantityStock.purchaseOrder', { reference: m.purchaseOrderReference })
                          : null,
                      ]
                        .filter(Boolean)
                        .join(' · ') || null
                    }
                  />
                </ListItem>
              ))}
            </List>
          </Paper>
        ) : null}
      </Stack>
      {stock.data ? (
        <MovementDialog
          key={mode ?? 'closed'}
          mode={mode}
          stock={stock.data}
          places={places}
          onClose={() => setMode(null)}
          onDone={() => void queryClient.invalidateQueries({ queryKey: resourceKey('product-models') })}
        />
      ) : null}
    </Container>
  );
}
