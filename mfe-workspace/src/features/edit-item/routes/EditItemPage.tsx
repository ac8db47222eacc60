import { Alert, Box, Button, Container, Grid, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { PageHeader } from '@stockwise/kit';
import { errorMessage, resourceKey, useAccess } from '@stockwise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  getItem,
  getItemBySerial,
  listBrands,
  listItemTypes,
  updateItem,
  type Item,
  type ItemPatch as Patch,
} from '@/api/inventory';
import { CatalogueSelect } from '@/components/CatalogueSelect';
import { CustomFieldInput, customFieldValues } from '@/components/CustomFieldInput';
import { ItemPhotos } from '@/components/ItemPhotos';
import { PrintLabelsButton } from '@/components/PrintLabels';
import { Forbidden, isForbidden, LoadError, Loading, statusOf } from '@/components/ScreenStates';
import { StatusChip, useStatusName } from '@/components/StatusChip';
import { moneyInput, parseMoney } from '@/lib/format';
import { itemFieldLabelKey, itemFieldValue } from '@/lib/item-fields';
import { useT } from '../i18n';

interface Draft {
  serial: string;
  sku: string;
  brandId: string;
  model: string;
  cost: string;
  salePrice: string;
  warrantyMonths: string;
  fields: Record<string, unknown>;
  note: string;
}

const draftOf = (item: Item, language: string): Draft => ({
  serial: item.serial,
  sku: item.sku ?? '',
  brandId: item.brandId ?? '',
  model: item.model ?? '',
  cost: moneyInput(item.cost, language),
  salePrice: moneyInput(item.salePrice, language),
  warrantyMonths: String(item.warrantyMonths),
  fields: Object.fromEntries(
    Object.entries(item.fields).map(([key, value]) => [key, typeof value === 'number' ? String(value) : value]),
  ),
  note: '',
});

const MASTER = ['serial', 'sku', 'brandName', 'model', 'cost', 'salePrice', 'warrantyMonths'] as const;

/**
 * /reporting/edit-item: find an item (`?serial=`), correct its master data with its item type's
 * fields, save with the version read (PATCH); a conflict says someone else changed it and what.
 */
export function EditItemPage() {
  const { t, i18n } = useT();
  const language = i18n.language;
  const statusName = useStatusName();
  const queryClient = useQueryClient();
  const access = useAccess();
  // The API leaves cost out of the item, and refuses it in an edit, without this claim.
  const seesCost = access.can('items.cost.view');
  const [search, setSearch] = useSearchParams();
  const wanted = search.get('serial')?.trim() ?? '';
  const [text, setText] = useState(wanted);
  const found = useQuery({
    queryKey: resourceKey('items', 'by-serial', wanted),
    queryFn: () => getItemBySerial(wanted),
    enabled: Boolean(wanted),
  });
  const types = useQuery({ queryKey: resourceKey('item-types'), queryFn: listItemTypes });
  const brands = useQuery({ queryKey: resourceKey('brands'), queryFn: listBrands });
  // What the form edits: the item as read (its version), and the user's draft of it.
  const [base, setBase] = useState<Item | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ message: string; fresh: Item } | null>(null);
  if (found.data && found.data.id !== base?.id) {
    setBase(found.data);
    setDraft(draftOf(found.data, language));
    setConflict(null);
    setErrors({});
  }

  const save = useMutation({
    mutationFn: ({ id, body }: { id: string; body: Patch }) => updateItem(id, body),
    onSuccess: (item) => {
      setBase(item);
      setDraft(draftOf(item, language));
      setMessage(t('editItem.saved', { serial: item.serial }));
      setConflict(null);
      queryClient.setQueryData(resourceKey('items', 'by-serial', wanted), item);
      void queryClient.invalidateQueries({ queryKey: resourceKey('items') });
    },
    onError: async (error, { id }) => {
      if (statusOf(error) === 409) {
        try {
          const fresh = await getItem(id);
          if (fresh.version !== base?.version) {
            setConflict({ message: t('editItem.conflict'), fresh });
            return;
          }
        } catch {
          // fall through to the plain message
        }
      }
    },
  });

  function open(event: FormEvent) {
    event.preventDefault();
    const next = text.trim();
    if (next) {
      setMessage(null);
      setSearch(new URLSearchParams({ serial: next }));
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!base || !draft || save.isPending) return;
    const itemType = types.data?.find((type) => type.id === base.itemTypeId);
    const next: Record<string, string> = {};
    const required = t('common:validation.required');
    if (!draft.serial.trim()) next.serial = required;
    const cost = draft.cost.trim() ? parseMoney(draft.cost) : null;
    if (draft.cost.trim() && cost === null) next.cost = t('editItem.invalidAmount');
    const salePrice = draft.salePrice.trim() ? parseMoney(draft.salePrice) : null;
    if (draft.salePrice.trim() && salePrice === null) next.salePrice = t('editItem.invalidAmount');
    const months = Number(draft.warrantyMonths);
    if (!Number.isInteger(months) || months < 0 || months > 600) next.warrantyMonths = t('editItem.invalidMonths');
    const custom = customFieldValues(itemType?.fields ?? [], draft.fields, {
      required,
      number: t('editItem.invalidNumber'),
    });
    for (const [key, value] of Object.entries(custom.errors)) next[`field:${key}`] = value;
    setErrors(next);
    if (Object.keys(next).length) return;
    const body: Patch = { version: base.version };
    const changed = <K extends keyof Patch>(key: K, value: Patch[K], before: unknown) => {
      if (JSON.stringify(value) !== JSON.stringify(before)) body[key] = value;
    };
    changed('serial', draft.serial.trim(), base.serial);
    changed('sku', draft.sku.trim() || null, base.sku);
    changed('brandId', draft.brandId || null, base.brandId);
    changed('model', draft.model.trim() || null, base.model);
    if (seesCost) changed('cost', cost, base.cost);
    changed('salePrice', salePrice, base.salePrice);
    changed('warrantyMonths', months, base.warrantyMonths);
    changed('fields', { ...base.fields, ...custom.values }, base.fields);
    if (Object.keys(body).length === 1) {
      setMessage(t('editItem.nothingChanged'));
      return;
    }
    if (draft.note.trim()) body.note = draft.note.trim();
    setMessage(null);
    save.mutate({ id: base.id, body });
  }

  const header = <PageHeader title={t('editItem.title')} subtitle={t('editItem.subtitle')} />;
  const set = (key: keyof Draft, value: string) => {
    setDraft((current) => (current ? { ...current, [key]: value } : current));
    setErrors((current) => ({ ...current, [key]: '' }));
  };
  const itemType = base ? types.data?.find((type) => type.id === base.itemTypeId) : undefined;
  const field = (key: 'serial' | 'sku' | 'model' | 'cost' | 'salePrice' | 'warrantyMonths', label: string) => (
    <TextField
      fullWidth
      label={label}
      required={key === 'serial'}
      value={draft?.[key] ?? ''}
      onChange={(event) => set(key, event.target.value)}
      error={Boolean(errors[key])}
      helperText={errors[key] || ' '}
    />
  );
  const failure = [found, types, brands].find(
    (query) => query.isError && !(query === found && statusOf(query.error) === 404),
  );

  return (
    <Container maxWidth="md" sx={{ py: 3, px: { xs: 1.5, sm: 3 } }}>
      {header}
      <Stack spacing={2}>
        <Box component="form" role="search" onSubmit={open} sx={{ display: 'flex', gap: 1 }}>
          <TextField
            autoFocus
            fullWidth
            label={t('scan.label')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoComplete="off"
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
          />
          <Button type="submit" variant="contained">
            {t('editItem.find')}
          </Button>
        </Box>
        {failure ? (
          isForbidden(failure.error) ? (
            <Forbidden />
          ) : (
            <LoadError error={failure.error} onRetry={() => void failure.refetch()} />
          )
        ) : null}
        {found.isError && statusOf(found.error) === 404 ? (
          <Alert severity="info" role="status">
            {t('scan.notFound', { serial: wanted })}
          </Alert>
        ) : null}
        {found.isFetching && !base ? <Loading /> : null}
        {conflict ? (
          <Alert
            severity="warning"
            role="alert"
            action={
              <Button
                color="inherit"
                onClick={() => {
                  setBase(conflict.fresh);
                  setDraft(draftOf(conflict.fresh, language));
                  setConflict(null);
                }}
              >
                {t('editItem.reload')}
              </Button>
            }
          >
            <Typography>{conflict.message}</Typography>
            <Typography>{t('editItem.theirChanges')}</Typography>
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {MASTER.filter((key) => JSON.stringify(conflict.fresh[key]) !== JSON.stringify(base?.[key])).map(
                (key) => (
                  <li key={key}>
                    {`${t(itemFieldLabelKey(key)!)}: ${itemFieldValue(key, base?.[key], language, '—')} → ${itemFieldValue(key, conflict.fresh[key], language, '—')}`}
                  </li>
                ),
              )}
              {JSON.stringify(conflict.fresh.fields) !== JSON.stringify(base?.fields) ? (
                <li>{`${t('item.fields')}: ${JSON.stringify(base?.fields)} → ${JSON.stringify(conflict.fresh.fields)}`}</li>
              ) : null}
              {conflict.fresh.status !== base?.status || conflict.fresh.locationId !== base?.locationId ? (
                <li>{`${statusName(conflict.fresh.status)} · ${conflict.fresh.locationName}`}</li>
              ) : null}
            </Box>
          </Alert>
        ) : save.isError ? (
          <Alert severity="error" role="alert">
            {errorMessage(save.error, t('editItem.failed'))}
          </Alert>
        ) : null}
        {message ? (
          <Alert severity="success" role="status">
            {message}
          </Alert>
        ) : null}
        {base && draft ? (
          <Paper variant="outlined" sx={{ p: 2 }} component="form" noValidate onSubmit={submit}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
              <Typography variant="h6" component="h2" sx={{ fontFamily: 'monospace' }}>
                {base.serial}
              </Typography>
              <StatusChip status={base.status} />
              <Typography color="text.secondary">
                {base.itemTypeName} · {base.locationName}
              </Typography>
              <Link
                component={RouterLink}
                to={`/item-status/item-search?${new URLSearchParams({ q: base.serial, id: base.id })}`}
              >
                {t('editItem.history')}
              </Link>
            </Stack>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>{field('serial', t('item.serial'))}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{field('sku', t('item.sku'))}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <CatalogueSelect
                  fullWidth
                  label={t('item.brand')}
                  options={brands.data ?? []}
                  value={draft.brandId}
                  onChange={(id) => set('brandId', id)}
                  empty={t('states.none')}
                  helperText=" "
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{field('model', t('item.model'))}</Grid>
              {seesCost && <Grid size={{ xs: 12, sm: 4 }}>{field('cost', t('item.cost'))}</Grid>}
              <Grid size={{ xs: 12, sm: seesCost ? 4 : 6 }}>{field('salePrice', t('item.salePrice'))}</Grid>
              <Grid size={{ xs: 12, sm: seesCost ? 4 : 6 }}>{field('warrantyMonths', t('item.warranty'))}</Grid>
              {(itemType?.fields ?? []).map((definition) => (
                <Grid key={definition.key} size={{ xs: 12, sm: 6 }}>
                  <CustomFieldInput
                    definition={definition}
                    value={draft.fields[definition.key]}
                    error={errors[`field:${definition.key}`] || undefined}
                    onChange={(value) =>
                      setDraft((current) =>
                        current ? { ...current, fields: { ...current.fields, [definition.key]: value } } : current,
                      )
                    }
                  />
                </Grid>
              ))}
              <Grid size={12}>
                <TextField
                  fullWidth
                  label={t('editItem.note')}
                  value={draft.note}
                  onChange={(event) => set('note', event.target.value)}
                />
              </Grid>
            </Grid>
            <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={save.isPending}>
              {save.isPending ? t('editItem.saving') : t('editItem.save')}
            </Button>
          </Paper>
        ) : null}
        {base ? (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <ItemPhotos
              images={base.images}
              serial={base.serial}
              editable={access.can('items.edit')}
              onChange={async (images) => {
                // A photo is its own small edit: the form's draft stays, its base moves to the new version.
                const item = await updateItem(base.id, { version: base.version, images });
                setBase(item);
                queryClient.setQueryData(resourceKey('items', 'by-serial', wanted), item);
                void queryClient.invalidateQueries({ queryKey: resourceKey('items') });
              }}
            />
            <Box sx={{ mt: 2 }}>
              <PrintLabelsButton items={[base]} />
            </Box>
          </Paper>
        ) : null}
      </Stack>
    </Container>
  );
}
