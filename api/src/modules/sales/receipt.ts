import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Company } from '../companies/index.js';
import type { Sale } from './schemas.js';

// A sale's receipt as a PDF (pdfkit: docs/decisions.md "Receipts as PDF"). The browser's receipt page
// shows the same figures; both take them from the sale as stored, never recomputed.

/** DejaVu Sans: PDF's built-in fonts have no ğ, ş, ı or ₺; this one has every letter a receipt may carry. */
const FONT = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export const RECEIPT_LANGUAGES = ['en', 'tr'] as const;
export type ReceiptLanguage = (typeof RECEIPT_LANGUAGES)[number];

const EN = {
  receipt: 'Receipt',
  taxNumber: 'Tax number',
  phone: 'Phone',
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
    taxNumber: 'Vergi numarası',
    phone: 'Telefon',
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

/** The receipt's bytes (A4, one page per ~30 lines, pdfkit adds pages as the table grows). */
export function receiptPdf({ company, logo, sale, language, timeZone }: ReceiptInput): Promise<Buffer> {
  const t = TEXTS[language];
  const money = new Intl.NumberFormat(language, { style: 'currency', currency: sale.currency });
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone });
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `${t.receipt} #${sale.number} · ${company.companyName}` },
  });
  doc.registerFont('body', FONT).registerFont('bold', BOLD).font('body');
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  if (logo) {
    try {
      doc.image(logo, left, doc.y, { fit: [120, 60] });
      doc.moveDown(4);
    } catch {
      // An image pdfkit cannot read leaves the receipt without a logo rather than without a receipt.
    }
  }
  doc.font('bold').fontSize(16).text(company.companyName).font('body').fontSize(10);
  if (company.address) doc.text(company.address);
  if (company.taxNumber) doc.text(`${t.taxNumber}: ${company.taxNumber}`);
  if (company.phone) doc.text(`${t.phone}: ${company.phone}`);
  doc.moveDown();
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
  const cols = [0.17, 0.31, 0.13, 0.13, 0.12, 0.14].map((f) => f * width);
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    let x = left;
    let bottom = y;
    doc.font(bold ? 'bold' : 'body');
    cells.forEach((cell, n) => {
      doc.text(cell, x, y, { width: cols[n]! - 4, align: n >= 2 ? 'right' : 'left' });
      bottom = Math.max(bottom, doc.y);
      x += cols[n]!;
    });
    doc.x = left;
    doc.y = bottom + 4;
  };
  row([t.serial, t.item, t.price, t.discount, t.tax, t.total], true);
  for (const l of sale.lines)
    row([
      l.serial,
      lineName(l),
      money.format(l.price),
      l.discount ? `−${money.format(l.discount)}` : '—',
      money.format(l.tax),
      money.format(l.total),
    ]);
  doc.moveDown();
  const sums: Array<[string, number]> = [
    [t.net, sale.net],
    [
      `${sale.pricesIncludeTax ? t.taxIncluded : t.tax} (${new Intl.NumberFormat(language, { maximumFractionDigits: 3 }).format(sale.taxRate)} %)`,
      sale.tax,
    ],
    [t.total, sale.total],
  ];
  for (const [label, value] of sums) {
    const y = doc.y;
    const last = label === t.total;
    doc.font(last ? 'bold' : 'body').fontSize(last ? 12 : 10);
    doc.text(label, left, y, { width: width * 0.75, align: 'right' });
    doc.text(money.format(value), left + width * 0.75, y, { width: width * 0.25, align: 'right' });
  }
  doc.end();
  return done;
}
