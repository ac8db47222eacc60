import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { Alert, Button, CircularProgress, Container, GlobalStyles, Paper, Stack } from '@mui/material';
import { call, errorMessage, notify, resourceKey } from '@stockwise/shared';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { SaleReceipt } from '@/components/sale/SaleReceipt';
import { useT } from '@/i18n';
import { openPdf } from '@/lib/open-pdf';

/**
 * Print only the receipt: the shell's menu, bars and this page's buttons stay on screen, not on paper.
 * (visibility, not display: the receipt sits deep inside the layout, whose boxes must still exist.)
 */
const printOnlyReceipt = (
  <GlobalStyles
    styles={{
      '@media print': {
        'body *': { visibility: 'hidden' },
        '#sale-receipt, #sale-receipt *': { visibility: 'visible' },
        '#sale-receipt': { position: 'absolute', left: 0, top: 0, width: '100%', border: 'none' },
      },
    }}
  />
);

/** The receipt's PDF (the API renders it) in the reader's language and time zone, opened in a new tab. */
const openReceipt = (saleId: string, language: string) =>
  openPdf(`/api/sales/${encodeURIComponent(saleId)}/receipt.pdf`, {
    lang: language.startsWith('tr') ? 'tr' : 'en',
    tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });

/** /actions/receipt?sale=<id>: a sale's printable receipt, with Print and the PDF. */
export function ReceiptPage() {
  const { t, i18n } = useT();
  const saleId = useSearchParams()[0].get('sale') ?? '';
  const sale = useQuery({
    queryKey: resourceKey('sales', saleId),
    queryFn: () => call('GET', '/api/sales/{id}', { params: { id: saleId } }),
    enabled: saleId !== '',
  });

  if (!saleId) return <Alert severity="info">{t('receipt.noSale')}</Alert>;
  if (sale.isPending) return <CircularProgress sx={{ m: 4 }} />;
  if (sale.isError) return <Alert severity="error">{errorMessage(sale.error, t('receipt.notFound'))}</Alert>;
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      {printOnlyReceipt}
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <Button variant="contained" startIcon={<PrintOutlined />} onClick={() => window.print()}>
          {t('receipt.print')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<PictureAsPdfOutlined />}
          onClick={() =>
            openReceipt(saleId, i18n.language).catch((error: unknown) =>
              notify(errorMessage(error, t('receipt.notFound')), 'error'),
            )
          }
        >
          {t('receipt.pdf')}
        </Button>
      </Stack>
      <Paper id="sale-receipt" variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <SaleReceipt sale={sale.data} />
      </Paper>
    </Container>
  );
}
