import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { resourceKey } from '@stockwise/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { listBorrowers, type Borrower } from '@/api/loans';
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
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), 250);
    return () => clearTimeout(timer);
  }, [input]);
  const [open, setOpen] = useState(false);
  const options = useQuery({
    queryKey: resourceKey('loans', 'borrowers', search),
    queryFn: () => listBorrowers(search),
    enabled: open,
    staleTime: 30_000,
  });
  return (
    <Autocomplete<Borrower>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_, next) => onChange(next)}
      onBlur={onBlur}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
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
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {options.isFetching ? <CircularProgress color="inherit" size={18} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
