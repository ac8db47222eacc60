import CloseIcon from '@mui/icons-material/Close';
import { Box, IconButton, ListItem, Stack, TextField, Typography } from '@mui/material';
import { useT } from '../i18n';
import type { ModelLines } from '../lib/model-lines';

/** The cart's model × quantity lines: the model, what is on hand, quantity, price of one, remove. */
export function ModelCartLines({ state, onEnter }: { state: ModelLines; onEnter: () => void }) {
  const { t } = useT();
  return state.lines.map((line, index) => {
    const name = [line.model.brandName, line.model.name].filter(Boolean).join(' ');
    const { quantity, price } = state.checked[index]!;
    return (
      <ListItem key={line.model.id} divider disableGutters data-testid="cart-model-line">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ width: '100%', alignItems: { sm: 'center' } }}>
          <Box sx={{ flex: 1 }}>
            <Typography>{name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('multiSale.onHand', { count: line.model.inStock })}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              size="small"
              label={t('multiSale.quantityOf', { model: name })}
              value={line.quantity}
              onChange={(event) => state.set(index, { quantity: event.target.value })}
              onKeyDown={(event) => event.key === 'Enter' && (event.preventDefault(), onEnter())}
              error={quantity === null}
              helperText={quantity === null ? t('multiSale.quantityInvalid') : undefined}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ width: 110 }}
            />
            <TextField
              size="small"
              label={t('multiSale.unitPriceOf', { model: name })}
              value={line.price}
              onChange={(event) => state.set(index, { price: event.target.value })}
              onKeyDown={(event) => event.key === 'Enter' && (event.preventDefault(), onEnter())}
              error={price === null}
              helperText={price === null ? t('multiSale.priceInvalid') : undefined}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              sx={{ width: 180 }}
            />
            <IconButton aria-label={t('multiSale.remove', { serial: name })} onClick={() => state.remove(index)}>
              <CloseIcon />
            </IconButton>
          </Stack>
        </Stack>
      </ListItem>
    );
  });
}
