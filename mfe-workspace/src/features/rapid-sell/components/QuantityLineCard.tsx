import { Button, Paper, Stack, TextField, Typography } from '@mui/material';
import type { KeyboardEvent } from 'react';
import { useT } from '../i18n';
import type { QuantityLineState } from '../lib/quantity-line';

/** The model × quantity on screen in Rapid Sell: its name and what is on hand, quantity and price, Sell. */
export function QuantityLineCard({
  state,
  busy,
  onSell,
}: {
  state: QuantityLineState;
  busy: boolean;
  onSell: () => void;
}) {
  const { t } = useT();
  const { line } = state;
  if (!line) return null;
  const enter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onSell();
  };
  const badPrice = state.body() === null && state.quantity !== null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="quantity-line">
      <Typography variant="h6" component="h2">
        {[line.model.brandName, line.model.name].filter(Boolean).join(' ')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('rapidSell.onHand', { count: line.model.inStock })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
        <TextField
          label={t('rapidSell.quantity')}
          value={line.quantity}
          onChange={(event) => state.set({ quantity: event.target.value })}
          onKeyDown={enter}
          error={state.quantity === null}
          helperText={state.quantity === null ? t('rapidSell.quantityInvalid') : ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ minWidth: 120 }}
        />
        <TextField
          label={t('rapidSell.unitPrice')}
          value={line.price}
          onChange={(event) => state.set({ price: event.target.value })}
          onKeyDown={enter}
          error={badPrice}
          helperText={badPrice ? t('rapidSell.priceInvalid') : ' '}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ minWidth: 160 }}
        />
      </Stack>
      <Button variant="contained" size="large" onClick={onSell} disabled={busy} fullWidth>
        {busy ? t('rapidSell.selling') : t('rapidSell.confirm')}
      </Button>
    </Paper>
  );
}
