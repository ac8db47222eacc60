import { Autocomplete, TextField } from '@mui/material';
import { resourceKey } from '@stockwise/shared';
import { searchOrderableModels, type OrderableModel } from '@/api/purchase-orders';
import { searchingSlots, useTypeAhead } from '@/components/type-ahead';
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
  const { options, autocomplete } = useTypeAhead(
    (term) => resourceKey('product-models', { orderable: true, search: term }),
    searchOrderableModels,
    // The chosen model's own label is in the input: that is not a search for it.
    (typed) => (value && typed === modelLabel(value) ? '' : typed),
  );
  return (
    <Autocomplete<OrderableModel>
      {...autocomplete}
      value={value}
      onChange={(_, next) => onChange(next)}
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
          slotProps={searchingSlots(params, options.isFetching)}
        />
      )}
    />
  );
}
