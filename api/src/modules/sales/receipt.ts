import { companyDocument, DOCUMENT_LANGUAGES, type DocumentLanguage } from '../../lib/pdf.js';
import type { Company } from '../companies/index.js';
import type { Sale } from './schemas.js';

// A sale's receipt as a PDF (lib/pdf.ts: the company's documents). The browser's receipt page
// shows the same figures; both take them from the sale as stored, never recomputed.

export const RECEIPT_LANGUAGES = DOCUMENT_LANGUAGES;
export type ReceiptLanguage = DocumentLanguage;

const EN = {
  receipt: 'Receipt',
  customer: 'Customer',
  seller: 'Sold by',
  serial: 'Serial',
  item: 'Item',
  price: 'Price',
  discount: 'Discount',
  tax: 'Tax',
  taxIncluded: 'Tax included',
  total: 'Total',
  net: 'Net',
  void: 'VOID',
};
const TEXTS: Record<ReceiptLanguage, typeof EN> = {
  en: EN,
  tr: {
    receipt: 'Fiş',
    customer: 'Müşteri',
    seller: 'Satan',
    serial: 'Seri no',
    item: 'Ürün',
    price: 'Fiyat',
    discount: 'İndirim',
    tax: 'Vergi',
    taxIncluded: 'Dahil vergi',
    total: 'Toplam',
    net: 'Net',
    void: 'İPTAL',
  },
};

/** What a line sold: its item type, then brand and model when it has them ("Phone · Acme X1"). */
export const lineName = (l: Sale['lines'][number]) =>
  [l.itemTypeName, [l.brandName, l.model].filter(Boolean).join(' ')].filter(Boolean).join(' · ');

export interface ReceiptInput {
  company: Company;
  logo: Buffer | null;
  sale: Sale;
  language: ReceiptLanguage;
  /** The reader's time zone (IANA): the sale's time as on their clock. */
  timeZone: string;
}

/** The receipt's bytes (A4, pdfkit adds pages as the table grows). */
export async function receiptPdf({ company, logo, sale, language, timeZone }: ReceiptInput): Promise<Buffer> {
  const t = TEXTS[language];
  const money = new Intl.NumberFormat(language, { style: 'currency', currency: sale.currency });
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone });
  const pdf = await companyDocument(`${t.receipt} #${sale.number}`, company, logo, language);
  const { doc } = pdf;
  doc
    .font('bold')
    .fontSize(13)
    .text(`${t.receipt} #${sale.number}${sale.voidedAt ? ` — ${t.void}` : ''}`);
  doc
    .font('body')
    .fontSize(10)
    .text(when.format(new Date(sale.createdAt)));
  if (sale.customerName) doc.text(`${t.customer}: ${sale.customerName}`);
  doc.text(`${t.seller}: ${sale.sellerName}`);
  doc.moveDown();

  // Columns: serial, item, then four amounts right-aligned.
  const cols = [0.17, 0.31, 0.13, 0.13, 0.12, 0.14];
  pdf.row(cols, [t.serial, t.item, t.price, t.discount, t.tax, t.total], { bold: true });
  for (const l of sale.lines)
    pdf.row(cols, [
      // A model × quantity line has no serial: its quantity and one unit's price instead.
      l.serial ?? `${l.quantity} × ${money.format(l.price / l.quantity)}`,
      lineName(l),
      money.format(l.price),
      l.discount ? `−${money.format(l.discount)}` : '—',
      money.format(l.tax),
      money.format(l.total),
    ]);
  doc.moveDown();
  pdf.sum(t.net, money.format(sale.net));
  pdf.sum(
    `${sale.pricesIncludeTax ? t.taxIncluded : t.tax} (${new Intl.NumberFormat(language, { maximumFractionDigits: 3 }).format(sale.taxRate)} %)`,
    money.format(sale.tax),
  );
  pdf.sum(t.total, money.format(sale.total), true);
  return pdf.finish();
}
