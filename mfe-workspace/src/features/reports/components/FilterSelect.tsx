import { CatalogueSelect } from '@/components/CatalogueSelect';

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
    <CatalogueSelect
      size="small"
      label={label}
      value={value ?? ''}
      onChange={onChange}
      options={options.map((option) => ({ id: option.value, name: option.label }))}
      empty={any}
      sx={{ minWidth }}
    />
  );
}
