import { Grid } from '@mui/material';
import type { FieldDefinition } from '@stockwise/shared';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { CustomFieldInput } from './CustomFieldInput';

/**
 * An item type's own fields as fields of a react-hook-form form (the form kit), each under
 * `fields.<key>` with its error: half a row each, as reception and edit item lay them out.
 */
export function CustomFieldControls<T extends FieldValues & { fields: Record<string, unknown> }>({
  control,
  definitions,
}: {
  control: Control<T>;
  definitions: readonly FieldDefinition[];
}) {
  return definitions.map((definition) => (
    <Grid key={definition.key} size={{ xs: 12, sm: 6 }}>
      <Controller
        control={control}
        name={`fields.${definition.key}` as Path<T>}
        render={({ field, fieldState }) => (
          <CustomFieldInput
            definition={definition}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
    </Grid>
  ));
}
