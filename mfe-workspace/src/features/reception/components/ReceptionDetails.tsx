import { Box, Grid, Paper, TextField, Typography } from '@mui/material';
import { fieldBinder, resourceKey, useAccess } from '@stockwise/shared';
import { useQuery } from '@tanstack/react-query';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { listModelsOf, type Customer } from '@/api/inventory';
import { CatalogueField } from '@/components/CatalogueSelect';
import { CustomerPicker } from '@/components/CustomerPicker';
import { CustomFieldControls } from '@/components/CustomFieldControls';
import type { ReceptionCatalogue } from '../hooks/useReceptionCatalogue';
import { useT } from '../i18n';
import type { ReceptionValues } from '../lib/reception-form';

/** What is received and where: item type, location, brand, model, vendor, SKU, amounts and the type's own fields. */
export function ReceptionDetails({
  form,
  catalogue,
  vendor,
  onVendor,
  autoFocus,
  byOrder = false,
}: {
  form: UseFormReturn<ReceptionValues>;
  catalogue: ReceptionCatalogue;
  vendor: Customer | null;
  onVendor: (vendor: Customer | null) => void;
  /** Whether the item type takes the focus (not when it is chosen already: the serials do). */
  autoFocus: boolean;
  /** Received against an order's line: its type, model, brand, vendor and cost are the order's. */
  byOrder?: boolean;
}) {
  const { t } = useT();
  // Recording a cost needs the claim that shows it (the API refuses a cost without it); against an
  // order the cost is the line's.
  const seesCost = useAccess().can('items.cost.view') && !byOrder;
  const { control, register, setValue, clearErrors, formState } = form;
  const field = fieldBinder(register, formState.errors);
  const itemTypeId = useWatch({ control, name: 'itemTypeId' });
  const itemType = catalogue.activeTypes.find((type) => type.id === itemTypeId);
  const models = useQuery({
    queryKey: resourceKey('product-models', { itemTypeId }),
    queryFn: () => listModelsOf(itemTypeId),
    enabled: Boolean(itemTypeId),
  });

  // A type brings its warranty and its own fields: the last type's field values do not carry over,
  // nor does a model of the last type.
  function chooseType(id: string) {
    const type = catalogue.activeTypes.find((candidate) => candidate.id === id);
    if (type) setValue('warrantyMonths', String(type.warrantyMonths));
    setValue('modelId', '');
    setValue('fields', {});
    clearErrors('fields');
  }

  // A model fills in what it knows: its brand, name, amounts and warranty (each still editable).
  function chooseModel(id: string) {
    const model = models.data?.find((candidate) => candidate.id === id);
    if (!model) return;
    const amount = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
    setValue('brandId', model.brandId ?? '');
    setValue('model', model.name);
    setValue('salePrice', amount(model.salePrice));
    if (seesCost) setValue('cost', amount(model.cost));
    setValue('warrantyMonths', String(model.warrantyMonths));
  }

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="reception-details">
      <Typography id="reception-details" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        {t('reception.details')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <CatalogueField
            control={control}
            name="itemTypeId"
            onChosen={chooseType}
            fullWidth
            required
            disabled={byOrder}
            autoFocus={autoFocus}
            label={t('reception.itemType')}
            options={catalogue.activeTypes}
            helperText=" "
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <CatalogueField
            control={control}
            name="locationId"
            fullWidth
            required
            label={t('reception.location')}
            options={catalogue.activeLocations}
            helperText=" "
          />
        </Grid>
        {models.data?.length ? (
          <Grid size={{ xs: 12 }}>
            <CatalogueField
              control={control}
              name="modelId"
              onChosen={chooseModel}
              fullWidth
              disabled={byOrder}
              label={t('reception.productModel')}
              options={models.data.map((model) => ({
                id: model.id,
                name: [model.brandName, model.name, model.barcode ? `(${model.barcode})` : null]
                  .filter(Boolean)
                  .join(' '),
              }))}
              empty={t('reception.noProductModel')}
              helperText={t('reception.productModelHelp')}
            />
          </Grid>
        ) : null}
        <Grid size={{ xs: 12, sm: 6 }}>
          <CatalogueField
            control={control}
            name="brandId"
            fullWidth
            disabled={byOrder}
            label={t('reception.brand')}
            options={catalogue.brands}
            empty={t('reception.noBrand')}
            helperText=" "
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField fullWidth label={t('reception.model')} {...field('model')} disabled={byOrder} helperText=" " />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {byOrder ? (
            <TextField fullWidth disabled label={t('reception.vendor')} value={vendor?.name ?? ''} helperText=" " />
          ) : (
            <CustomerPicker kind="vendor" creatable value={vendor} onChange={onVendor} id="reception-vendor" />
          )}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField fullWidth label={t('reception.sku')} {...field('sku')} helperText=" " />
        </Grid>
        {(
          [
            ...(seesCost ? [['cost', t('reception.cost')] as const] : []),
            ['salePrice', t('reception.salePrice')],
            ['warrantyMonths', t('reception.warrantyMonths')],
          ] as const
        ).map(([key, label]) => {
          const bound = field(key);
          return (
            <Grid key={key} size={{ xs: 12, sm: seesCost ? 4 : 6 }}>
              <TextField
                fullWidth
                label={label}
                {...bound}
                helperText={bound.helperText ?? ' '}
                slotProps={{ htmlInput: { inputMode: key === 'warrantyMonths' ? 'numeric' : 'decimal' } }}
              />
            </Grid>
          );
        })}
      </Grid>
      {itemType && itemType.fields.length > 0 ? (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            {t('reception.customFields', { type: itemType.name })}
          </Typography>
          <Grid container spacing={2}>
            <CustomFieldControls control={control} definitions={itemType.fields} />
          </Grid>
        </Box>
      ) : null}
    </Paper>
  );
}
