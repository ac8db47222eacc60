import { Autocomplete, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, resourceKey } from '@stockwise/shared';
import { addCustomer, searchCustomers, type Customer } from '@/api/inventory';
import { useT } from '@/i18n';
import { searchingSlots, useTypeAhead } from './type-ahead';

/** The option that adds what was typed as a new customer (or vendor). */
type NewOne = { newName: string };
type Option = Customer | NewOne;
const isNew = (option: Option): option is NewOne => 'newName' in option;

/**
 * Type-ahead over the company's customers (or vendors), searched by the API as the user types.
 * With `creatable`, a name that matches no one exactly is offered as a new one, added on the spot
 * (a new buyer at the till).
 */
export function CustomerPicker({
  value,
  onChange,
  kind = 'customer',
  label,
  id,
  includeInactive = false,
  creatable = false,
}: {
  value: Customer | null;
  onChange: (customer: Customer | null) => void;
  kind?: 'customer' | 'vendor';
  label?: string;
  id?: string;
  /** Offer deactivated ones too (to read their history; nothing new is sold to them). */
  includeInactive?: boolean;
  /**
   * Offer to add a name that matches no one. Only screens whose own claim lets their user add one
   * pass it (selling or receiving: the API lets those add customers and vendors).
   */
  creatable?: boolean;
}) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const { input, search, options, autocomplete } = useTypeAhead(
    (term) => resourceKey('customers', { search: term, kind, includeInactive }),
    (term) => searchCustomers(term, kind, includeInactive),
  );
  const add = useMutation({
    mutationFn: (name: string) => addCustomer(name, kind),
    onSuccess: (created) => {
      onChange(created);
      void queryClient.invalidateQueries({ queryKey: resourceKey('customers') });
    },
  });
  const typed = input.trim();
  const found = options.data ?? [];
  const offerNew =
    creatable &&
    typed !== '' &&
    typed === search &&
    !options.isFetching &&
    !found.some((one) => one.name.toLocaleLowerCase() === typed.toLocaleLowerCase());
  return (
    <Autocomplete<Option>
      id={id}
      {...autocomplete}
      value={value}
      onChange={(_, next) => {
        if (next && isNew(next)) add.mutate(next.newName);
        else onChange(next);
      }}
      options={offerNew ? [...found, { newName: typed }] : found}
      filterOptions={(all) => all}
      getOptionLabel={(option) =>
        isNew(option)
          ? t(kind === 'vendor' ? 'customerPicker.addVendor' : 'customerPicker.add', { name: option.newName })
          : option.active
            ? option.name
            : t('customerPicker.inactive', { name: option.name })
      }
      isOptionEqualToValue={(a, b) => !isNew(a) && !isNew(b) && a.id === b.id}
      loading={options.isFetching || add.isPending}
      loadingText={t('customerPicker.loading')}
      noOptionsText={t('customerPicker.noOptions')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? (kind === 'vendor' ? t('customerPicker.vendorLabel') : t('customerPicker.label'))}
          error={add.isError}
          helperText={add.isError ? errorMessage(add.error, t('customerPicker.addFailed')) : undefined}
          slotProps={searchingSlots(params, options.isFetching || add.isPending)}
        />
      )}
    />
  );
}
