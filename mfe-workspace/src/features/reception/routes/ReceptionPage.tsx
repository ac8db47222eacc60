import PrintIcon from '@mui/icons-material/Print';
import { Alert, Box, Button, Container, Grid, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { PageHeader } from '@stockwise/kit';
import { errorMessage, resourceKey, useAccess } from '@stockwise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  listBrands,
  listItemTypes,
  listLocations,
  listTransactionTypes,
  receiveItems,
  type Customer,
  type Item,
  type ReceiveRequest,
} from '@/api/inventory';
import { CameraScanButton } from '@/components/camera/CameraScanButton';
import { CatalogueSelect } from '@/components/CatalogueSelect';
import { CustomerPicker } from '@/components/CustomerPicker';
import { ItemPhotos } from '@/components/ItemPhotos';
import { PrintLabelsDialog } from '@/components/PrintLabels';
import { Forbidden, isForbidden, LoadError, Loading } from '@/components/ScreenStates';
import { formatNumber, parseMoney } from '@/lib/format';
import { CustomFieldInput, customFieldValues } from '@/components/CustomFieldInput';
import { ImportFromFile } from '../components/ImportFromFile';
import { useT } from '../i18n';
import { MAX_SERIALS, parseSerials } from '../lib/serials';

interface Draft {
  itemTypeId: string;
  brandId: string;
  model: string;
  sku: string;
  locationId: string;
  cost: string;
  salePrice: string;
  warrantyMonths: string;
  fields: Record<string, unknown>;
}

const EMPTY: Draft = {
  itemTypeId: '',
  brandId: '',
  model: '',
  sku: '',
  locationId: '',
  cost: '',
  salePrice: '',
  warrantyMonths: '',
  fields: {},
};

/** A field in error that takes focus: a select's combobox, or a visible input (not MUI's hidden ones). */
const FIRST_INVALID = [
  '.Mui-error [role="combobox"]',
  '.Mui-error input:not([aria-hidden="true"]):not([type="hidden"])',
  '.Mui-error textarea:not([aria-hidden="true"])',
].join(', ');

type Errors = Partial<Record<Exclude<keyof Draft, 'fields'> | 'serials', string>> & { fields?: Record<string, string> };

/**
 * /actions/inventory-reception: one batch of one item type into one location, all or nothing.
 * Serials come one per line (a scanner's Enter is a new line) or as ranges; duplicates and
 * unreadable lines are flagged as they are typed, with a running count.
 */
export function ReceptionPage() {
  const { t, i18n } = useT();
  const language = i18n.language;
  const queryClient = useQueryClient();
  const access = useAccess();
  // Recording a cost needs the claim that shows it (the API refuses a cost without it).
  const seesCost = access.can('items.cost.view');
  const types = useQuery({ queryKey: resourceKey('item-types'), queryFn: listItemTypes });
  const brands = useQuery({ queryKey: resourceKey('brands'), queryFn: listBrands });
  const locations = useQuery({ queryKey: resourceKey('locations'), queryFn: listLocations });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [vendor, setVendor] = useState<Customer | null>(null);
  const [serialText, setSerialText] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState<string | null>(null);
  const [received, setReceived] = useState<Item[]>([]);
  const [printing, setPrinting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // The Receive type says whether a finished reception goes straight to its labels.
  const transactionTypes = useQuery({
    queryKey: resourceKey('transaction-types'),
    queryFn: listTransactionTypes,
  });
  const printOnReceive = Boolean(
    transactionTypes.data?.find((type) => type.builtIn && type.kind === 'receive')?.printLabel,
  );
  const deferredSerials = useDeferredValue(serialText);
  const parsed = useMemo(() => parseSerials(deferredSerials), [deferredSerials]);

  const activeTypes = (types.data ?? []).filter((type) => type.active);
  const activeLocations = (locations.data ?? []).filter((location) => location.active);
  const itemType = activeTypes.find((type) => type.id === draft.itemTypeId);

  const receive = useMutation({
    mutationFn: receiveItems,
    onSuccess: (items, body) => {
      const location = activeLocations.find((candidate) => candidate.id === body.locationId)?.name ?? '';
      setDone(t('reception.received', { count: items.length, location }));
      setReceived(items);
      setPrinting(printOnReceive);
      setSerialText('');
      setImages([]);
      void queryClient.invalidateQueries({ queryKey: resourceKey('items') });
    },
  });

  const set = <K extends Exclude<keyof Draft, 'fields'>>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    setDone(null);
  };

  function chooseType(id: string) {
    const type = activeTypes.find((candidate) => candidate.id === id);
    setDraft((current) => ({
      ...current,
      itemTypeId: id,
      warrantyMonths: type ? String(type.warrantyMonths) : current.warrantyMonths,
      fields: {},
    }));
    setErrors((current) => ({ ...current, itemTypeId: undefined, fields: undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (receive.isPending) return;
    const now = parseSerials(serialText);
    const next: Errors = {};
    const required = t('common:validation.required');
    if (!draft.itemTypeId) next.itemTypeId = required;
    if (!draft.locationId) next.locationId = required;
    const cost = draft.cost.trim() ? parseMoney(draft.cost) : null;
    if (draft.cost.trim() && cost === null) next.cost = t('reception.invalidAmount');
    const salePrice = draft.salePrice.trim() ? parseMoney(draft.salePrice) : null;
    if (draft.salePrice.trim() && salePrice === null) next.salePrice = t('reception.invalidAmount');
    const months = Number(draft.warrantyMonths);
    if (draft.warrantyMonths.trim() && (!Number.isInteger(months) || months < 0 || months > 600)) {
      next.warrantyMonths = t('reception.invalidMonths');
    }
    const custom = customFieldValues(itemType?.fields ?? [], draft.fields, {
      required,
      number: t('reception.invalidNumber'),
    });
    if (Object.keys(custom.errors).length) next.fields = custom.errors;
    if (now.serials.length === 0) next.serials = t('reception.noSerials');
    else if (now.serials.length > MAX_SERIALS) next.serials = t('reception.tooMany');
    else if (now.duplicates.length || now.problems.length) next.serials = ' ';
    setErrors(next);
    if (Object.values(next).some(Boolean)) {
      // After the render that marks them: the first field in error takes focus, to be fixed from the keyboard.
      setTimeout(() => formRef.current?.querySelector<HTMLElement>(FIRST_INVALID)?.focus(), 0);
      return;
    }
    const body: ReceiveRequest = {
      itemTypeId: draft.itemTypeId,
      locationId: draft.locationId,
      serials: now.serials,
      brandId: draft.brandId || null,
      model: draft.model.trim() || null,
      sku: draft.sku.trim() || null,
      vendorId: vendor?.id ?? null,
      cost,
      salePrice,
      fields: custom.values,
    };
    if (images.length) body.images = images;
    if (draft.warrantyMonths.trim()) body.warrantyMonths = months;
    receive.mutate(body);
  }

  const title = <PageHeader title={t('reception.title')} subtitle={t('reception.subtitle')} />;
  const failed = [types, brands, locations].find((query) => query.isError);
  if (failed) {
    return (
      <Container maxWidth="md" sx={{ py: 3 }}>
        {title}
        {isForbidden(failed.error) ? (
          <Forbidden />
        ) : (
          <LoadError
            error={failed.error}
            onRetry={() => [types, brands, locations].forEach((query) => void query.refetch())}
          />
        )}
      </Container>
    );
  }
  if (types.isPending || brands.isPending || locations.isPending) {
    return (
      <Container maxWidth="md" sx={{ py: 3 }}>
        {title}
        <Loading />
      </Container>
    );
  }
  // Who can fix a missing catalogue is offered the settings screen that does it.
  const manager = access.can('settings.manage');
  const missing =
    activeTypes.length === 0
      ? { text: t('reception.needTypes'), to: '/settings/item-types' }
      : activeLocations.length === 0
        ? { text: t('reception.needLocations'), to: '/settings/stores' }
        : null;
  if (missing) {
    return (
      <Container maxWidth="md" sx={{ py: 3 }}>
        {title}
        <Alert
          severity="info"
          action={
            manager ? (
              <Button component={RouterLink} to={missing.to} color="inherit">
                {t('reception.openSettings')}
              </Button>
            ) : undefined
          }
        >
          {missing.text}
        </Alert>
      </Container>
    );
  }

  const count = parsed.serials.length;
  return (
    <Container maxWidth="md" sx={{ py: 3, px: { xs: 1.5, sm: 3 } }}>
      {title}
      <Box component="form" ref={formRef} noValidate onSubmit={submit}>
        <Stack spacing={2}>
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="reception-details">
            <Typography id="reception-details" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
              {t('reception.details')}
            </Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <CatalogueSelect
                  fullWidth
                  required
                  autoFocus
                  label={t('reception.itemType')}
                  options={activeTypes}
                  value={draft.itemTypeId}
                  onChange={chooseType}
                  error={errors.itemTypeId}
                  helperText=" "
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <CatalogueSelect
                  fullWidth
                  required
                  label={t('reception.location')}
                  options={activeLocations}
                  value={draft.locationId}
                  onChange={(id) => set('locationId', id)}
                  error={errors.locationId}
                  helperText=" "
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <CatalogueSelect
                  fullWidth
                  label={t('reception.brand')}
                  options={brands.data ?? []}
                  value={draft.brandId}
                  onChange={(id) => set('brandId', id)}
                  empty={t('reception.noBrand')}
                  helperText=" "
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  fullWidth
                  label={t('reception.model')}
                  value={draft.model}
                  onChange={(event) => set('model', event.target.value)}
                  helperText=" "
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <CustomerPicker kind="vendor" value={vendor} onChange={setVendor} id="reception-vendor" />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  fullWidth
                  label={t('reception.sku')}
                  value={draft.sku}
                  onChange={(event) => set('sku', event.target.value)}
                  helperText=" "
                />
              </Grid>
              {(
                [
                  ...(seesCost ? [['cost', t('reception.cost')] as const] : []),
                  ['salePrice', t('reception.salePrice')],
                  ['warrantyMonths', t('reception.warrantyMonths')],
                ] as const
              ).map(([key, label]) => (
                <Grid key={key} size={{ xs: 12, sm: seesCost ? 4 : 6 }}>
                  <TextField
                    fullWidth
                    label={label}
                    value={draft[key]}
                    onChange={(event) => set(key, event.target.value)}
                    error={Boolean(errors[key])}
                    helperText={errors[key] ?? ' '}
                    slotProps={{ htmlInput: { inputMode: key === 'warrantyMonths' ? 'numeric' : 'decimal' } }}
                  />
                </Grid>
              ))}
            </Grid>
            {itemType && itemType.fields.length > 0 ? (
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
                <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
                  {t('reception.customFields', { type: itemType.name })}
                </Typography>
                <Grid container spacing={2}>
                  {itemType.fields.map((definition) => (
                    <Grid key={definition.key} size={{ xs: 12, sm: 6 }}>
                      <CustomFieldInput
                        definition={definition}
                        value={draft.fields[definition.key]}
                        error={errors.fields?.[definition.key]}
                        onChange={(value) => {
                          setDraft((current) => ({
                            ...current,
                            fields: { ...current.fields, [definition.key]: value },
                          }));
                          setErrors((current) => ({
                            ...current,
                            fields: { ...current.fields, [definition.key]: '' },
                          }));
                        }}
                      />
                    </Grid>
                  ))}
                </Grid>
              </Box>
            ) : null}
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="reception-serials">
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1 }}>
              <Typography id="reception-serials" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {t('reception.serials')}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography role="status" aria-live="polite" sx={{ fontWeight: 600 }}>
                  {t('reception.count', { count, formattedCount: formatNumber(count, language) })}
                </Typography>
                <CameraScanButton
                  onCode={(code) => {
                    // A camera reading is one more line, as a wedge scanner's Enter makes one.
                    setSerialText((current) => `${current}${current && !current.endsWith('\n') ? '\n' : ''}${code}\n`);
                    setErrors((current) => ({ ...current, serials: undefined }));
                  }}
                />
              </Stack>
            </Stack>
            <TextField
              fullWidth
              multiline
              minRows={6}
              maxRows={16}
              label={t('reception.serials')}
              value={serialText}
              onChange={(event) => {
                setSerialText(event.target.value);
                setErrors((current) => ({ ...current, serials: undefined }));
                setDone(null);
              }}
              error={Boolean(errors.serials?.trim()) || parsed.duplicates.length > 0 || parsed.problems.length > 0}
              helperText={errors.serials?.trim() || t('reception.serialsHint')}
              slotProps={{
                htmlInput: { spellCheck: false, autoCapitalize: 'off', style: { fontFamily: 'monospace' } },
              }}
            />
            {parsed.duplicates.length > 0 ? (
              <Alert severity="warning" sx={{ mt: 1 }}>
                {t('reception.duplicates', {
                  list: parsed.duplicates.slice(0, 20).join(', ') + (parsed.duplicates.length > 20 ? ', …' : ''),
                })}
              </Alert>
            ) : null}
            {parsed.problems.slice(0, 5).map((problem) => (
              <Alert key={problem.line} severity="warning" sx={{ mt: 1 }}>
                {t('reception.problemLine', {
                  line: problem.line,
                  text: problem.text.slice(0, 40),
                  problem: t(`reception.problems.${problem.problem}`),
                })}
              </Alert>
            ))}
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            {/* The batch's photos: every received item names them. */}
            <ItemPhotos
              images={images}
              serial={t('reception.batch')}
              editable
              onChange={async (next) => setImages(next)}
            />
          </Paper>
          {receive.isError ? (
            <Alert severity="error" role="alert">
              {errorMessage(receive.error, t('reception.failed'))}
            </Alert>
          ) : null}
          {done ? (
            <Alert
              severity="success"
              role="status"
              action={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Button color="inherit" size="small" startIcon={<PrintIcon />} onClick={() => setPrinting(true)}>
                    {t('labels.printMany', { count: received.length })}
                  </Button>
                  <Link component={RouterLink} to="/item-status/item-manager?sort=received_desc">
                    {t('reception.seeItems')}
                  </Link>
                </Stack>
              }
            >
              {done}
            </Alert>
          ) : null}
          {printing ? <PrintLabelsDialog items={received} open onClose={() => setPrinting(false)} /> : null}
          <Button type="submit" variant="contained" size="large" disabled={receive.isPending}>
            {receive.isPending ? t('reception.submitting') : t('reception.submit', { count })}
          </Button>
        </Stack>
      </Box>
      <Box sx={{ mt: 3 }}>
        <ImportFromFile />
      </Box>
    </Container>
  );
}
