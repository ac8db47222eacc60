import { List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { useMoney } from '@stockwise/shared';
import type { Sale } from '@/api/inventory';
import { ReceiptLink } from '@/components/sale/ReceiptLink';
import { formatDateTime } from '@/lib/format';
import { useT } from '../i18n';

/** A sale made at this counter in this visit, under what was scanned for it. */
export type SoldSale = { sale: Sale; serial: string };

/** Rapid Sell's latest sales on this screen, newest first, each with its receipt. */
export function SoldList({ sold }: { sold: SoldSale[] }) {
  const { t, i18n } = useT();
  const money = useMoney();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="rapid-sell-sold">
      <Typography id="rapid-sell-sold" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('rapidSell.soldTitle')}
      </Typography>
      {sold.length === 0 ? (
        <Typography color="text.secondary">{t('rapidSell.none')}</Typography>
      ) : (
        <List dense>
          {sold.map(({ sale, serial }) => (
            <ListItem
              key={sale.id}
              disableGutters
              secondaryAction={<ReceiptLink saleId={sale.id} number={sale.number} />}
            >
              <ListItemText
                primary={`#${sale.number} · ${serial} · ${money(sale.total, sale.currency)}`}
                secondary={[sale.customerName, formatDateTime(sale.createdAt, i18n.language)]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
