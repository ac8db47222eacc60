import { MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/** A catalogue entry as the API lists it: item types, brands, locations all have these two. */
export interface CatalogueEntry {
  id: string;
  name: string;
}

export type CatalogueSelectProps = Omit<TextFieldProps, 'select' | 'value' | 'onChange' | 'children' | 'error'> & {
  options: readonly CatalogueEntry[];
  /** The chosen entry's id; '' for none. */
  value: string;
  onChange: (id: string) => void;
  /** The label of the empty choice ("No brand", "Any location"); without it an entry must be chosen. */
  empty?: string;
  /** The field's error message; it takes the helper text's place. */
  error?: string;
};

/**
 * One select over a catalogue list (item type, brand, location), the same on every form and
 * filter bar: the forms pass an error and keep their helper line, the filters pass `empty`.
 */
export function CatalogueSelect({
  options,
  value,
  onChange,
  empty,
  error,
  helperText,
  ...field
}: CatalogueSelectProps) {
  return (
    <TextField
      {...field}
      select
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error || helperText}
    >
      {empty !== undefined ? <MenuItem value="">{empty}</MenuItem> : null}
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * A CatalogueSelect as a field of a react-hook-form form (the form kit): its value, its error's
 * message, and `onChosen` for what a choice sets elsewhere (an item type's warranty).
 */
export function CatalogueField<T extends FieldValues>({
  control,
  name,
  onChosen,
  ...select
}: Omit<CatalogueSelectProps, 'value' | 'onChange' | 'error'> & {
  control: Control<T>;
  name: Path<T>;
  onChosen?: (id: string) => void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <CatalogueSelect
          {...select}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={(id) => {
            field.onChange(id);
            onChosen?.(id);
          }}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
