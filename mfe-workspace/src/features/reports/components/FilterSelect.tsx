import { MenuItem, TextField } from '@mui/material';

/** One of a report's filters: a choice among options, or "any" (the empty value). */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
  any,
  minWidth = 180,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  /** The label of "no filter"; without it a value must be chosen. */
  any?: string;
  minWidth?: number;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth }}
    >
      {any !== undefined ? <MenuItem value="">{any}</MenuItem> : null}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
