import {
  Alert,
  Box,
  Button,
  Container,
  InputAdornment,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { PageHeader } from '@stockwise/kit';
import { resourceKey, useAccess } from '@stockwise/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { getItem, getItemBySerial, getItemHistory, listItems, updateItem, type Item } from '@/api/inventory';
import { CameraScanButton } from '@/components/camera/CameraScanButton';
import { ItemCard } from '@/components/ItemCard';
import { ItemPhotos } from '@/components/ItemPhotos';
import { PrintLabelsButton } from '@/components/PrintLabels';
import { Forbidden, isForbidden, LoadError, Loading, statusOf } from '@/components/ScreenStates';
import { ItemOutcomeActions } from '@/components/returns';
import { LoanPanel } from '@/components/loans';
import { WarrantyClaimPanel } from '@/components/warranty';
import { Timeline } from '../components/Timeline';
import { useT } from '../i18n';

type Found = { kind: 'item'; item: Item } | { kind: 'many'; items: Item[] } | { kind: 'none' };

/** A serial first (the scanner's case), then the item list's search (SKU, model, part of a serial). */
async function findItems(query: string): Promise<Found> {
  try {
    return { kind: 'item', item: await getItemBySerial(query) };
  } catch (error) {
    if (statusOf(error) !== 404) throw error;
  }
  const page = await listItems({ search: query, limit: 20 });
  if (page.items.length === 1) return { kind: 'item', item: page.items[0]! };
  return page.items.length ? { kind: 'many', items: page.items } : { kind: 'none' };
}

/**
 * /item-status/item-search: find an item by serial, SKU or model (the query is in the URL, `?q=`;
 * `?id=` opens one item), then its card and its timeline from the API's append-only history.
 */
export function ItemHistoryPage() {
  const { t } = useT();
  const queryClient = useQueryClient();
  const access = useAccess();
  const [search, setSearch] = useSearchParams();
  const query = search.get('q')?.trim() ?? '';
  const id = search.get('id') ?? '';
  const [text, setText] = useState(query);

  const found = useQuery({
    queryKey: resourceKey('items', 'find', query),
    queryFn: () => findItems(query),
    enabled: Boolean(query) && !id,
  });
  const itemId = id || (found.data?.kind === 'item' ? found.data.item.id : '');
  const item = useQuery({
    queryKey: resourceKey('items', itemId),
    queryFn: () => getItem(itemId),
    enabled: Boolean(itemId),
  });
  const history = useQuery({
    queryKey: resourceKey('items', itemId, 'history'),
    queryFn: () => getItemHistory(itemId),
    enabled: Boolean(itemId),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = text.trim();
    if (!next) return;
    setSearch(new URLSearchParams({ q: next }));
  }

  const header = <PageHeader title={t('history.title')} subtitle={t('history.subtitle')} />;
  const failure = [found, item, history].find((q) => q.isError)?.error;

  return (
    <Container maxWidth="md" sx={{ py: 3, px: { xs: 1.5, sm: 3 } }}>
      {header}
      <Stack spacing={2}>
        <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1 }}>
          <TextField
            autoFocus
            fullWidth
            label={t('history.searchLabel')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setText('');
            }}
            autoComplete="off"
            slotProps={{
              htmlInput: { spellCheck: false, autoCapitalize: 'off' },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <CameraScanButton
                      onCode={(code) => {
                        setText(code);
                        setSearch(new URLSearchParams({ q: code }));
                      }}
                    />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Button type="submit" variant="contained">
            {t('history.find')}
          </Button>
        </Box>
        {failure ? (
          isForbidden(failure) ? (
            <Forbidden />
          ) : (
            <LoadError
              error={failure}
              onRetry={() => [found, item, history].forEach((q) => q.isError && void q.refetch())}
            />
          )
        ) : null}
        {found.isFetching || (item.isPending && Boolean(itemId)) ? <Loading label={t('history.searching')} /> : null}
        {!id && found.data?.kind === 'none' ? (
          <Alert severity="info" role="status">
            {t('history.nothingFound', { query })}
          </Alert>
        ) : null}
        {!id && found.data?.kind === 'many' ? (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography>{t('history.matches', { query })}</Typography>
            <List>
              {found.data.items.map((match) => (
                <ListItemButton
                  key={match.id}
                  onClick={() => setSearch(new URLSearchParams({ q: query, id: match.id }))}
                >
                  <ListItemText
                    primary={match.serial}
                    secondary={[match.itemTypeName, match.brandName, match.model, match.sku]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </ListItemButton>
              ))}
            </List>
          </Paper>
        ) : null}
        {item.data ? (
          <>
            <ItemCard item={item.data}>
              <ItemPhotos
                images={item.data.images}
                serial={item.data.serial}
                editable={access.can('items.edit')}
                onChange={async (images) => {
                  const saved = await updateItem(item.data.id, { version: item.data.version, images });
                  queryClient.setQueryData(resourceKey('items', itemId), saved);
                  void queryClient.invalidateQueries({ queryKey: resourceKey('items', itemId, 'history') });
                }}
              />
              <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
                <PrintLabelsButton items={[item.data]} />
                <ItemOutcomeActions item={item.data} />
              </Stack>
            </ItemCard>
            <LoanPanel item={item.data} />
            <WarrantyClaimPanel item={item.data} />
            <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="history-timeline">
              <Typography id="history-timeline" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {t('history.timeline')}
              </Typography>
              {history.isPending ? (
                <Loading />
              ) : history.data ? (
                <Timeline events={history.data} customerName={item.data.customerName} />
              ) : null}
            </Paper>
          </>
        ) : null}
      </Stack>
    </Container>
  );
}
