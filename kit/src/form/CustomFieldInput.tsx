import { Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { useCommonT, type FieldDefinition } from '@stockwise/shared';

/**
 * One of an item type's own fields as a form field: text, number, date, select or yes/no. The
 * reception form and the item type builder's preview draw them with this one component.
 */
export function CustomFieldInput({
  definition,
  value,
  onChange,
  error,
}: {
  definition: FieldDefinition;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
}) {
  const { t } = useCommonT();
  const id = `custom-field-${definition.key}`;
  if (definition.type === 'boolean') {
    return (
      <FormControlLabel
        control={<Checkbox id={id} checked={value === true} onChange={(event) => onChange(event.target.checked)} />}
        label={definition.label}
      />
    );
  }
  if (definition.type === 'select') {
    return (
      <TextField
        id={id}
        select
        fullWidth
        label={definition.label}
        required={definition.required}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? ' '}
      >
        {definition.required ? null : (
          <MenuItem value="">
            <em>{t('states.none')}</em>
          </MenuItem>
        )}
        {(definition.options ?? []).map((option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return (
    <TextField
      id={id}
      fullWidth
      label={definition.label}
      required={definition.required}
      type={definition.type === 'date' ? 'date' : 'text'}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? ' '}
      slotProps={{
        inputLabel: definition.type === 'date' ? { shrink: true } : undefined,
        htmlInput: definition.type === 'number' ? { inputMode: 'decimal' } : undefined,
      }}
    />
  );
}

/** The typed values the API expects for the item type's fields, or the field errors. */
export function customFieldValues(
  definitions: FieldDefinition[],
  raw: Record<string, unknown>,
  messages: { required: string; number: string },
): { values: Record<string, unknown>; errors: Record<string, string> } {
  const values: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const definition of definitions) {
    const value = raw[definition.key];
    if (definition.type === 'boolean') {
      if (value === true || definition.required) values[definition.key] = value === true;
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    if (!text) {
      if (definition.required) errors[definition.key] = messages.required;
      continue;
    }
    if (definition.type === 'number') {
      const number = Number(text.replace(',', '.'));
      if (!Number.isFinite(number)) errors[definition.key] = messages.number;
      else values[definition.key] = number;
    } else values[definition.key] = text;
  }
  return { values, errors };
}
