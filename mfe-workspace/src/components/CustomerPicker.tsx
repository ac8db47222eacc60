import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { resourceKey } from '@stockwise/shared';
import { useEffect, useState } from 'react';
import { searchCustomers, type Customer } from '@/api/inventory';
import { useT } from '@/i18n';

/** Type-ahead over the company's customers (or vendors), searched by the API as the user types. */
export function CustomerPicker({
  value,
  onChange,
  kind = 'customer',
  label,
  id,
  includeInactive = false,
}: {
  value: Customer | null;
  onChange: (customer: Customer | null) => void;
  kind?: 'customer' | 'vendor';
  label?: string;
  id?: string;
  /** Offer deactivated ones too (to read their history; nothing new is sold to them). */
  includeInactive?: boolean;
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
    queryKey: resourceKey('customers', { search, kind, includeInactive }),
    queryFn: () => searchCustomers(search, kind, includeInactive),
    enabled: open,
    staleTime: 30_000,
  });
  return (
    <Autocomplete<Customer>
      id={id}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      options={options.data ?? []}
      filterOptions={(all) => all}
      getOptionLabel={(option) => (option.active ? option.name : t('customerPicker.inactive', { name: option.name }))}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={options.isFetching}
      loadingText={t('customerPicker.loading')}
      noOptionsText={t('customerPicker.noOptions')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? (kind === 'vendor' ? t('customerPicker.vendorLabel') : t('customerPicker.label'))}
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
