import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { resourceKey } from '@stockwise/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { searchOrderableModels, type OrderableModel } from '@/api/purchase-orders';
import { useT } from '../i18n';

export const modelLabel = (m: Pick<OrderableModel, 'name' | 'brandName'>) =>
  [m.brandName, m.name].filter(Boolean).join(' ');

/**
 * A purchase order line's model, searched by the API (name or barcode, any part, any case) as the
 * user types — a catalogue runs to thousands of models, more than one list can offer — as the
 * customer picker searches customers.
 */
export function ModelPicker({
  value,
  onChange,
  error,
}: {
  value: OrderableModel | null;
  onChange: (model: OrderableModel | null) => void;
  error?: string;
}) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), 250);
    return () => clearTimeout(timer);
  }, [input]);
  // The chosen model's own label is in the input: that is not a search for it.
  const term = value && search === modelLabel(value) ? '' : search;
  const options = useQuery({
    queryKey: resourceKey('product-models', { orderable: true, search: term }),
    queryFn: () => searchOrderableModels(term),
    enabled: open,
    staleTime: 30_000,
  });
  return (
    <Autocomplete<OrderableModel>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      options={options.data ?? []}
      filterOptions={(all) => all}
      getOptionLabel={modelLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={options.isFetching}
      loadingText={t('purchaseOrder.modelSearching')}
      noOptionsText={t('purchaseOrder.noModel')}
      renderInput={(params) => (
        <TextField
          {...params}
          required
          label={t('purchaseOrder.model')}
          error={Boolean(error)}
          helperText={error ?? t('purchaseOrder.modelHint')}
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
