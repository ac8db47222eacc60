import { Autocomplete, TextField } from '@mui/material';
import { resourceKey } from '@stockwise/shared';
import { listBorrowers, type Borrower } from '@/api/loans';
import { searchingSlots, useTypeAhead } from '@/components/type-ahead';
import { useT } from '../i18n';

/** Type-ahead over whom an item may be lent to: the company's active users, then its customers. */
export function BorrowerPicker({
  value,
  onChange,
  onBlur,
  error,
  helperText,
}: {
  value: Borrower | null;
  onChange: (borrower: Borrower | null) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: string;
}) {
  const { t } = useT();
  const { options, autocomplete } = useTypeAhead((term) => resourceKey('loans', 'borrowers', term), listBorrowers);
  return (
    <Autocomplete<Borrower>
      {...autocomplete}
      value={value}
      onChange={(_, next) => onChange(next)}
      onBlur={onBlur}
      options={options.data ?? []}
      filterOptions={(all) => all}
      groupBy={(option) => t(option.kind === 'user' ? 'loans.borrowerUser' : 'loans.borrowerCustomer')}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => `${option.kind}:${option.id}`}
      isOptionEqualToValue={(a, b) => a.kind === b.kind && a.id === b.id}
      loading={options.isFetching}
      renderOption={(props, option) => (
        <li {...props} key={`${option.kind}:${option.id}`}>
          {option.detail ? `${option.name} · ${option.detail}` : option.name}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('loans.borrower')}
          required
          placeholder={t('loans.searchPeople')}
          error={error}
          helperText={helperText}
          slotProps={searchingSlots(params, options.isFetching)}
        />
      )}
    />
  );
}
