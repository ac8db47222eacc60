import { Checkbox, FormControlLabel, Switch } from '@mui/material';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/** A yes/no field of a react-hook-form form: a switch (a setting that is on or off) or a checkbox. */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  label,
  checkbox = false,
  disabled = false,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  checkbox?: boolean;
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const props = {
          checked: Boolean(field.value),
          onChange: (event: React.ChangeEvent<HTMLInputElement>) => field.onChange(event.target.checked),
          onBlur: field.onBlur,
          name: field.name,
          disabled,
          slotProps: { input: { ref: field.ref } },
        };
        return <FormControlLabel label={label} control={checkbox ? <Checkbox {...props} /> : <Switch {...props} />} />;
      }}
    />
  );
}
