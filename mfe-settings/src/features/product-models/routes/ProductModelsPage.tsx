import { Button, FormControlLabel, FormHelperText, MenuItem, Switch, TextField } from '@mui/material';
import { FormDialog, type DataTableProps } from '@stockwise/kit';
import { BUCKETS, notify, removeFiles } from '@stockwise/shared';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { useBrands, useItemTypes, useLocations } from '@/api/catalogue';
import { actionsColumn, deleteAction, editAction, nameSchema } from '@/components/list-parts';
import { ListScreen } from '@/components/ListScreen';
import { useT as useScreensT } from '@/i18n';
import { useProductModels, useSaveProductModel, type ProductModel } from '../api/product-models';
import { LocationReorderPoints } from '../components/LocationReorderPoints';
import { ModelImageField, ModelThumbnail } from '../components/ModelImageField';
import { useT } from '../i18n';

type Editing = ProductModel | 'new';
const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
const number = (v: string) => (v.trim() === '' ? null : Number(v));

/**
 * /settings/product-models — the catalogue of models: add, edit (defaults, barcode, the reorder
 * point for all locations and for single ones), archive. Managed by settings.manage, as brands and item types are.
 */
export function ProductModelsPage() {
  const { t: ts } = useScreensT();
  const { t } = useT();
  const models = useProductModels();
  const types = useItemTypes();
  const brands = useBrands();
  const locations = useLocations();
  const save = useSaveProductModel();
  const [editing, setEditing] = useState<Editing | null>(null);

  const schema = useMemo(() => {
    const amount = z.string().refine((v) => v.trim() === '' || Number(v) >= 0, t('productModels.notANumber'));
    return z.object({
      name: nameSchema(ts, 120),
      itemTypeId: z.string().min(1, t('productModels.pickType')),
      brandId: z.string(),
      salePrice: amount,
      cost: amount,
      warrantyMonths: amount,
      barcode: z.string().max(100),
      imagePath: z.string().nullable(),
      trackedByQuantity: z.boolean(),
      reorderPoint: amount.refine((v) => v.trim() === '' || /^\d+$/.test(v.trim()), t('productModels.wholeNumber')),
      locationPoints: z.array(
        z.object({
          locationId: z.string().min(1, t('productModels.pickLocation')),
          minQuantity: z
            .string()
            .refine((v) => /^\d+$/.test(v.trim()) && Number(v) >= 1, t('productModels.wholeNumber')),
        }),
      ),
    });
  }, [t, ts]);

  const current = editing === 'new' ? null : editing;
  const companyWide = current?.reorderPoints.find((p) => p.locationId === null);
  const columns: DataTableProps<ProductModel>['columns'] = [
    {
      field: 'imagePath',
      headerName: t('productModels.image.title'),
      width: 70,
      sortable: false,
      renderCell: ({ row }) => (
        <ModelThumbnail path={row.imagePath} alt={t('productModels.image.of', { name: row.name })} size={36} />
      ),
    },
    { field: 'name', headerName: t('productModels.name'), flex: 1, minWidth: 140 },
    { field: 'itemTypeName', headerName: t('productModels.itemType'), width: 130 },
    { field: 'brandName', headerName: t('productModels.brand'), width: 130 },
    { field: 'barcode', headerName: t('productModels.barcode'), width: 140 },
    { field: 'salePrice', headerName: t('productModels.salePrice'), width: 110, type: 'number' },
    { field: 'inStock', headerName: t('productModels.inStock'), width: 90, type: 'number' },
    {
      field: 'trackedByQuantity',
      headerName: t('productModels.tracking'),
      width: 120,
      valueGetter: (_v, row) => (row.trackedByQuantity ? t('productModels.byQuantity') : t('productModels.byUnit')),
    },
    actionsColumn(ts('list.actions'), (row) => [
      editAction(t('productModels.editNamed', { name: row.name }), () => setEditing(row)),
      deleteAction(t('productModels.archive', { name: row.name }), () => {
        void save.mutateAsync({ id: row.id, body: { archived: true } }).then(() => {
          notify(t('productModels.archived'), 'success');
        });
      }),
    ]),
  ];

  return (
    <ListScreen
      title={ts('screens.productModels')}
      subtitle={t('productModels.subtitle')}
      action={
        <Button variant="contained" onClick={() => setEditing('new')}>
          {t('productModels.add')}
        </Button>
      }
      query={models}
      columns={columns}
      text={(row, field) => String((row as Record<string, unknown>)[field] ?? '')}
      searchFields={['name', 'barcode', 'brandName', 'itemTypeName']}
      empty={{ title: t('productModels.emptyTitle'), body: t('productModels.emptyBody') }}
    >
      <FormDialog
        open={editing !== null}
        title={current ? t('productModels.edit') : t('productModels.add')}
        schema={schema}
        defaultValues={{
          name: current?.name ?? '',
          itemTypeId: current?.itemTypeId ?? '',
          brandId: current?.brandId ?? '',
          salePrice: text(current?.salePrice),
          cost: text(current?.cost),
          warrantyMonths: text(current?.warrantyMonths),
          barcode: current?.barcode ?? '',
          imagePath: current?.imagePath ?? null,
          trackedByQuantity: current?.trackedByQuantity ?? false,
          reorderPoint: text(companyWide?.minQuantity),
          locationPoints: (current?.reorderPoints ?? [])
            .filter((p) => p.locationId !== null)
            .map((p) => ({ locationId: p.locationId!, minQuantity: String(p.minQuantity) })),
        }}
        onSubmit={async (v) => {
          const min = number(v.reorderPoint);
          await save.mutateAsync({
            id: current?.id ?? null,
            body: {
              name: v.name.trim(),
              itemTypeId: v.itemTypeId,
              brandId: v.brandId || null,
              salePrice: number(v.salePrice),
              // Left blank by someone who cannot see costs: not sent, so the model keeps its cost.
              ...(v.cost.trim() === '' && current?.cost === undefined ? {} : { cost: number(v.cost) }),
              warrantyMonths: number(v.warrantyMonths) ?? 0,
              barcode: v.barcode.trim() || null,
              imagePath: v.imagePath,
              trackedByQuantity: v.trackedByQuantity,
              reorderPoints: [
                ...(min ? [{ locationId: null, minQuantity: min }] : []),
                ...v.locationPoints.map((p) => ({ locationId: p.locationId, minQuantity: Number(p.minQuantity) })),
              ],
            },
          });
          notify(t('productModels.saved'), 'success');
          // The model no longer names its previous image: its file goes (a left-over harms nobody).
          const previous = current?.imagePath;
          if (previous && previous !== v.imagePath && previous.split('/')[1] === 'models')
            void removeFiles(BUCKETS.itemImages, [previous]).catch(() => undefined);
        }}
        onClose={() => setEditing(null)}
      >
        {(field, form) => (
          <>
            <TextField label={t('productModels.name')} required autoFocus {...field('name')} />
            <Controller
              control={form.control}
              name="itemTypeId"
              render={({ field: f, fieldState }) => (
                <TextField
                  select
                  required
                  label={t('productModels.itemType')}
                  {...f}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                >
                  {(types.data ?? []).map((row) => (
                    <MenuItem key={row.id} value={row.id}>
                      {row.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={form.control}
              name="brandId"
              render={({ field: f }) => (
                <TextField select label={t('productModels.brand')} {...f}>
                  <MenuItem value="">{t('productModels.noBrand')}</MenuItem>
                  {(brands.data ?? []).map((row) => (
                    <MenuItem key={row.id} value={row.id}>
                      {row.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField label={t('productModels.salePrice')} inputMode="decimal" {...field('salePrice')} />
            <TextField label={t('productModels.cost')} inputMode="decimal" {...field('cost')} />
            <TextField label={t('productModels.warrantyMonths')} inputMode="numeric" {...field('warrantyMonths')} />
            <TextField label={t('productModels.barcode')} {...field('barcode')} />
            <Controller
              control={form.control}
              name="trackedByQuantity"
              render={({ field: f }) => (
                <div>
                  <FormControlLabel
                    control={<Switch checked={f.value} onChange={(_, on) => f.onChange(on)} />}
                    label={t('productModels.trackedByQuantity')}
                  />
                  <FormHelperText>{t('productModels.trackedByQuantityHelp')}</FormHelperText>
                </div>
              )}
            />
            <TextField
              label={t('productModels.reorderPoint')}
              inputMode="numeric"
              {...field('reorderPoint')}
              helperText={(field('reorderPoint').helperText as string | undefined) ?? t('productModels.reorderHelp')}
            />
            <LocationReorderPoints form={form} field={field} locations={locations.data ?? []} />
            <Controller
              control={form.control}
              name="imagePath"
              render={({ field: f }) => (
                <ModelImageField value={f.value} onChange={f.onChange} name={form.getValues('name')} />
              )}
            />
          </>
        )}
      </FormDialog>
    </ListScreen>
  );
}
