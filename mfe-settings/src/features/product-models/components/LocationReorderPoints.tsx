import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { RowAction, type FieldBinding } from '@stockwise/kit';
import { Controller, useFieldArray, useWatch, type Path, type UseFormReturn } from 'react-hook-form';
import { useT } from '../i18n';

export type LocationPoint = { locationId: string; minQuantity: string };
export type WithLocationPoints = { locationPoints: LocationPoint[] };

/**
 * Reorder points kept for one location each — a shop whose back room feeds the counter wants to
 * know when the counter runs low, whatever the back room holds. Offered only where the company has
 * more than one location: with one, the company-wide point says the same.
 */
export function LocationReorderPoints<T extends WithLocationPoints>({
  form,
  field,
  locations,
}: {
  form: UseFormReturn<T>;
  field: (name: Path<T>) => FieldBinding<T>;
  locations: readonly { id: string; name: string }[];
}) {
  const { t } = useT();
  // useFieldArray is typed for a form with exactly this array; the model's form has it.
  const typed = form as unknown as UseFormReturn<WithLocationPoints>;
  const list = useFieldArray({ control: typed.control, name: 'locationPoints', keyName: 'rowId' });
  const chosen = useWatch({ control: typed.control, name: 'locationPoints' }) ?? [];
  if (locations.length < 2 && list.fields.length === 0) return null;
  const unused = locations.filter((l) => !chosen.some((p) => p.locationId === l.id));

  return (
    <Stack spacing={1.5} role="group" aria-label={t('productModels.perLocation')}>
      <Typography variant="subtitle2" component="h3">
        {t('productModels.perLocation')}
      </Typography>
      {list.fields.map((row, index) => {
        const place = locations.find((l) => l.id === chosen[index]?.locationId)?.name;
        return (
          <Stack key={row.rowId} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Controller
              control={typed.control}
              name={`locationPoints.${index}.locationId`}
              render={({ field: f, fieldState }) => (
                <TextField
                  select
                  required
                  label={t('productModels.location')}
                  sx={{ flex: 1 }}
                  {...f}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                >
                  {locations
                    .filter((l) => l.id === f.value || unused.includes(l))
                    .map((l) => (
                      <MenuItem key={l.id} value={l.id}>
                        {l.name}
                      </MenuItem>
                    ))}
                </TextField>
              )}
            />
            <TextField
              label={t('productModels.reorderPoint')}
              required
              inputMode="numeric"
              sx={{ width: 150 }}
              {...field(`locationPoints.${index}.minQuantity` as Path<T>)}
            />
            <RowAction
              label={t('productModels.removeLocationPoint', { location: place ?? index + 1 })}
              icon={<DeleteIcon />}
              onClick={() => list.remove(index)}
            />
          </Stack>
        );
      })}
      {unused.length ? (
        <Button
          startIcon={<AddIcon />}
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => list.append({ locationId: unused[0]!.id, minQuantity: '' })}
        >
          {t('productModels.addLocationPoint')}
        </Button>
      ) : null}
    </Stack>
  );
}
