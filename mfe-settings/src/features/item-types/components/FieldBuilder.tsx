import AddIcon from '@mui/icons-material/Add';
import DownIcon from '@mui/icons-material/ArrowDownward';
import UpIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Alert, Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { CustomFieldInput, RowAction, type FieldBinding } from '@stockwise/kit';
import { useState } from 'react';
import { Controller, useFieldArray, useWatch, type Path, type UseFormReturn } from 'react-hook-form';
import { SwitchField } from '@/components/SwitchField';
import { useT } from '../i18n';
import { FIELD_TYPES, toDefinition, type FieldDraft } from '../lib/fields';

export type WithFields = { fields: FieldDraft[] };

const BLANK: FieldDraft = { key: '', label: '', type: 'text', required: false, options: '' };

/** The item type's own fields: add, edit, reorder, remove — and the reception form they make. */
export function FieldBuilder<T extends WithFields>({
  form,
  field,
  existingKeys,
}: {
  form: UseFormReturn<T>;
  field: (name: Path<T>) => FieldBinding<T>;
  /** Keys items already store values under: kept as they are, so no value is orphaned. */
  existingKeys: ReadonlySet<string>;
}) {
  const { t } = useT();
  // useFieldArray is typed for a form with exactly this array; the builder's forms have it.
  const typed = form as unknown as UseFormReturn<WithFields>;
  const list = useFieldArray({ control: typed.control, name: 'fields', keyName: 'rowId' });
  const drafts = useWatch({ control: typed.control, name: 'fields' }) ?? [];
  const name = (index: number, part: keyof FieldDraft) => `fields.${index}.${part}` as Path<T>;
  // The API's refusal of the list as a whole (a key defined twice, a select without options).
  const listError = typed.formState.errors.fields?.message;

  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('itemTypes.customFields')}
      </Typography>
      {list.fields.length === 0 ? <Typography color="text.secondary">{t('itemTypes.noFields')}</Typography> : null}
      {listError ? (
        <Alert severity="error" role="alert">
          {listError}
        </Alert>
      ) : null}
      {list.fields.map((row, index) => {
        const label = drafts[index]?.label || t('itemTypes.fieldNumber', { n: index + 1 });
        const locked = existingKeys.has(row.key);
        return (
          <Paper key={row.rowId} variant="outlined" sx={{ p: 2 }} role="group" aria-label={label}>
            <Stack spacing={1.5}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                <TextField label={t('itemTypes.fieldLabel')} required fullWidth {...field(name(index, 'label'))} />
                <Controller
                  control={typed.control}
                  name={`fields.${index}.type`}
                  render={({ field: type }) => (
                    <TextField select label={t('itemTypes.fieldType')} sx={{ minWidth: 150 }} {...type}>
                      {FIELD_TYPES.map((k) => (
                        <MenuItem key={k} value={k}>
                          {t(`itemTypes.types.${k}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Stack>
              <TextField
                label={t('itemTypes.fieldKey')}
                size="small"
                {...field(name(index, 'key'))}
                disabled={locked}
                helperText={
                  (field(name(index, 'key')).helperText as string | undefined) ??
                  (locked ? t('itemTypes.keyLocked') : t('itemTypes.keyHint'))
                }
              />
              {drafts[index]?.type === 'select' ? (
                <TextField
                  label={t('itemTypes.options')}
                  required
                  {...field(name(index, 'options'))}
                  helperText={
                    (field(name(index, 'options')).helperText as string | undefined) ?? t('itemTypes.optionsHint')
                  }
                />
              ) : null}
              <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
                <SwitchField
                  control={typed.control}
                  name={`fields.${index}.required`}
                  label={t('itemTypes.required')}
                  checkbox
                />
                <Box sx={{ flexGrow: 1 }} />
                <RowAction
                  label={t('itemTypes.moveUp', { name: label })}
                  icon={<UpIcon fontSize="small" />}
                  disabled={index === 0}
                  onClick={() => list.move(index, index - 1)}
                />
                <RowAction
                  label={t('itemTypes.moveDown', { name: label })}
                  icon={<DownIcon fontSize="small" />}
                  disabled={index === list.fields.length - 1}
                  onClick={() => list.move(index, index + 1)}
                />
                <RowAction
                  label={t('itemTypes.removeField', { name: label })}
                  icon={<DeleteIcon fontSize="small" />}
                  onClick={() => list.remove(index)}
                />
              </Box>
            </Stack>
          </Paper>
        );
      })}
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => list.append({ ...BLANK })} disabled={list.fields.length >= 50}>
          {t('itemTypes.addField')}
        </Button>
      </Box>
      <ReceptionPreview drafts={drafts} />
    </Stack>
  );
}

/** The custom part of the reception form these fields make, drawn by the reception form's own component. */
function ReceptionPreview({ drafts }: { drafts: FieldDraft[] }) {
  const { t } = useT();
  const [values, setValues] = useState<Record<string, unknown>>({});
  const definitions = drafts.filter((d) => d.label.trim()).map(toDefinition);
  if (definitions.length === 0) return null;
  return (
    <Box component="section" aria-label={t('itemTypes.preview')}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('itemTypes.preview')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, bgcolor: 'action.hover' }}>
        <Stack spacing={1}>
          {definitions.map((definition, index) => (
            <CustomFieldInput
              key={`${definition.key}-${index}`}
              definition={definition}
              value={values[definition.key]}
              onChange={(value) => setValues((current) => ({ ...current, [definition.key]: value }))}
            />
          ))}
        </Stack>
      </Paper>
    </Box>
  );
}
