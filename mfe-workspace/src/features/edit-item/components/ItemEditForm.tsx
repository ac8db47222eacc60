import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { fieldBinder, type FieldDefinition } from '@stockwise/shared';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import type { Brand, Item } from '@/api/inventory';
import { CatalogueField } from '@/components/CatalogueSelect';
import { CustomFieldControls } from '@/components/CustomFieldControls';
import { StatusChip } from '@/components/StatusChip';
import { useT } from '../i18n';
import { draftOf, itemDraftSchema, type ItemDraft } from '../lib/item-draft';

type MasterField = 'serial' | 'sku' | 'model' | 'cost' | 'salePrice' | 'warrantyMonths';

/**
 * The item's master data and its type's own fields, filled from `start` (react-hook-form + zod,
 * as every form). A checked draft goes to `onSave`; its caller diffs it against the version read.
 */
export function ItemEditForm({
  base,
  start,
  definitions,
  brands,
  seesCost,
  saving,
  onSave,
}: {
  base: Item;
  start: Item;
  definitions: readonly FieldDefinition[];
  brands: readonly Brand[];
  /** Cost is shown and edited only with items.cost.view (the API leaves it out otherwise). */
  seesCost: boolean;
  saving: boolean;
  onSave: (draft: ItemDraft) => void;
}) {
  const { t, i18n } = useT();
  const { control, register, handleSubmit, formState } = useForm<ItemDraft>({
    resolver: zodResolver(
      itemDraftSchema(definitions, {
        required: t('common:validation.required'),
        number: t('editItem.invalidNumber'),
        invalidAmount: t('editItem.invalidAmount'),
        invalidMonths: t('editItem.invalidMonths'),
      }),
    ),
    defaultValues: draftOf(start, i18n.language),
  });
  const bind = fieldBinder(register, formState.errors);
  const field = (key: MasterField, label: string) => {
    const bound = bind(key);
    return (
      <TextField fullWidth label={label} required={key === 'serial'} {...bound} helperText={bound.helperText ?? ' '} />
    );
  };
  const submit = handleSubmit((draft) => {
    if (!saving) onSave(draft);
  });

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="form" noValidate onSubmit={(event) => void submit(event)}>
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
          <CatalogueField
            control={control}
            name="brandId"
            fullWidth
            label={t('item.brand')}
            options={brands}
            empty={t('states.none')}
            helperText=" "
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{field('model', t('item.model'))}</Grid>
        {seesCost ? <Grid size={{ xs: 12, sm: 4 }}>{field('cost', t('item.cost'))}</Grid> : null}
        <Grid size={{ xs: 12, sm: seesCost ? 4 : 6 }}>{field('salePrice', t('item.salePrice'))}</Grid>
        <Grid size={{ xs: 12, sm: seesCost ? 4 : 6 }}>{field('warrantyMonths', t('item.warranty'))}</Grid>
        <CustomFieldControls control={control} definitions={definitions} />
        <Grid size={12}>
          <TextField fullWidth label={t('editItem.note')} {...bind('note')} />
        </Grid>
      </Grid>
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={saving}>
        {saving ? t('editItem.saving') : t('editItem.save')}
      </Button>
    </Paper>
  );
}
