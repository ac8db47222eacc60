import { Box, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { companyLogoUrl, useCompany, useMoney, type ApiResponse } from '@stockwise/shared';
import { useT } from '@/i18n';
import { formatDate, formatDateTime } from '@/lib/format';

type Sale = ApiResponse<'getSale'>;

/** What a line sold: its item type, then brand and model ("Phone · Acme X1"), as the PDF prints it. */
export const lineName = (line: Sale['lines'][number]) =>
  [line.itemTypeName, [line.brandName, line.model].filter(Boolean).join(' ')].filter(Boolean).join(' · ');

/**
 * A sale's receipt as the shop hands it over: the company's logo, name, address and tax number, the
 * sale's time on the reader's clock, each line and the sums, in the sale's own currency. The figures
 * are the sale's as stored (the API worked them out), never added up again here.
 */
export function SaleReceipt({ sale }: { sale: Sale }) {
  const { t, i18n } = useT();
  const money = useMoney();
  const company = useCompany().data;
  const language = i18n.language;
  const amount = (value: number) => money(value, sale.currency);
  const logo = companyLogoUrl(company?.logoPath);
  return (
    <Box component="section" aria-labelledby={`receipt-${sale.id}`} data-testid="receipt">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', mb: 2 }}>
        {logo ? <Box component="img" src={logo} alt="" sx={{ maxHeight: 64, maxWidth: 160 }} /> : null}
        <Box>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
            {company?.companyName}
          </Typography>
          {company?.address ? <Typography sx={{ whiteSpace: 'pre-line' }}>{company.address}</Typography> : null}
          {company?.taxNumber ? <Typography>{t('receipt.taxNumber', { value: company.taxNumber })}</Typography> : null}
          {company?.phone ? <Typography>{t('receipt.phone', { value: company.phone })}</Typography> : null}
        </Box>
      </Stack>
      <Typography id={`receipt-${sale.id}`} variant="h5" component="h2">
        {t('receipt.title', { number: sale.number })}
      </Typography>
      <Typography color="text.secondary">{formatDateTime(sale.createdAt, language)}</Typography>
      {sale.customerName ? <Typography>{t('receipt.customer', { name: sale.customerName })}</Typography> : null}
      <Typography>{t('receipt.seller', { name: sale.sellerName })}</Typography>
      {sale.voidedAt ? (
        <Typography color="error" sx={{ fontWeight: 700 }}>
          {t('receipt.void', { reason: sale.voidReason ?? '' })}
        </Typography>
      ) : null}
      <Table size="small" sx={{ my: 2 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('receipt.serial')}</TableCell>
            <TableCell>{t('receipt.item')}</TableCell>
            <TableCell align="right">{t('receipt.price')}</TableCell>
            <TableCell align="right">{t('receipt.discount')}</TableCell>
            <TableCell align="right">{t('receipt.tax')}</TableCell>
            <TableCell align="right">{t('receipt.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sale.lines.map((line) => (
            <TableRow key={line.line}>
              {/* A model × quantity line has no serial: its quantity and one's price, as the PDF says. */}
              <TableCell sx={{ fontFamily: 'monospace' }}>
                {line.serial ?? `${line.quantity} × ${amount(line.price / line.quantity)}`}
              </TableCell>
              <TableCell>
                {lineName(line)}
                {line.warrantyEndsAt ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('receipt.warrantyUntil', { date: formatDate(line.warrantyEndsAt, language) })}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell align="right">{amount(line.price)}</TableCell>
              <TableCell align="right">{line.discount ? `−${amount(line.discount)}` : '—'}</TableCell>
              <TableCell align="right">{amount(line.tax)}</TableCell>
              <TableCell align="right">{amount(line.total)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
        <Typography data-testid="receipt-net">
          {t('receipt.net')}: {amount(sale.net)}
        </Typography>
        <Typography data-testid="receipt-tax">
          {t(sale.pricesIncludeTax ? 'receipt.taxIncludedAt' : 'receipt.taxAt', {
            rate: new Intl.NumberFormat(language, { maximumFractionDigits: 3 }).format(sale.taxRate),
          })}
          : {amount(sale.tax)}
        </Typography>
        <Typography sx={{ fontWeight: 700 }} data-testid="receipt-total">
          {t('receipt.total')}: {amount(sale.total)}
        </Typography>
      </Stack>
    </Box>
  );
}
