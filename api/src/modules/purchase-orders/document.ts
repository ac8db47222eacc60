import { companyDocument, type DocumentLanguage } from '../../lib/pdf.js';
import type { Company } from '../companies/index.js';
import type { PurchaseOrder } from './schemas.js';

// A purchase order as the vendor reads it: the PDF the "send" mail carries (and the order page's
// print), and the mail's own words. Made the way every company document is (lib/pdf.ts).

const EN = {
  order: 'Purchase order',
  to: 'To',
  date: 'Date',
  note: 'Note',
  model: 'Model',
  item: 'Item',
  quantity: 'Quantity',
  unitCost: 'Unit price',
  amount: 'Amount',
  total: 'Total',
  subject: (ref: string, company: string) => `${company}: purchase order ${ref}`,
  body: (ref: string, company: string, vendor: string) =>
    `Hello ${vendor},\n\nPlease find attached our purchase order ${ref}.\n\n${company}`,
};
const TEXTS: Record<DocumentLanguage, typeof EN> = {
  en: EN,
  tr: {
    order: 'Satın alma siparişi',
    to: 'Alıcı',
    date: 'Tarih',
    note: 'Not',
    model: 'Model',
    item: 'Ürün',
    quantity: 'Adet',
    unitCost: 'Birim fiyat',
    amount: 'Tutar',
    total: 'Toplam',
    subject: (ref, company) => `${company}: ${ref} numaralı satın alma siparişi`,
    body: (ref, company, vendor) =>
      `Merhaba ${vendor},\n\n${ref} numaralı satın alma siparişimiz ektedir.\n\n${company}`,
  },
};

export interface OrderDocumentInput {
  company: Company;
  logo: Buffer | null;
  /** The order as stored, its unit costs included (the vendor is sent the prices). */
  order: PurchaseOrder;
  language: DocumentLanguage;
}

/** The order's bytes: the company's letterhead, the vendor, then model, item, quantity, unit price, amount. */
export async function orderPdf({ company, logo, order, language }: OrderDocumentInput): Promise<Buffer> {
  const t = TEXTS[language];
  const money = new Intl.NumberFormat(language, { style: 'currency', currency: order.currency });
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
  const pdf = await companyDocument(`${t.order} ${order.reference}`, company, logo, language);
  const { doc } = pdf;
  doc.font('bold').fontSize(13).text(`${t.order} ${order.reference}`);
  doc.font('body').fontSize(10);
  doc.text(`${t.date}: ${day.format(new Date(order.sentAt ?? order.createdAt))}`);
  doc.text(`${t.to}: ${order.vendorName}`);
  if (order.note) doc.text(`${t.note}: ${order.note}`);
  doc.moveDown();

  const cols = [0.26, 0.26, 0.12, 0.17, 0.19];
  pdf.row(cols, [t.model, t.item, t.quantity, t.unitCost, t.amount], { bold: true });
  for (const l of order.lines) {
    const unit = l.unitCost ?? 0;
    pdf.row(cols, [
      l.modelName,
      [l.itemTypeName, l.brandName].filter(Boolean).join(' · '),
      String(l.quantity),
      money.format(unit),
      money.format(unit * l.quantity),
    ]);
  }
  doc.moveDown();
  pdf.sum(t.total, money.format(order.total ?? 0), true);
  return pdf.finish();
}

/** The mail that carries the order to its vendor. */
export function orderMail(order: PurchaseOrder, companyName: string, language: DocumentLanguage) {
  const t = TEXTS[language];
  return {
    subject: t.subject(order.reference, companyName),
    text: t.body(order.reference, companyName, order.vendorName),
    filename: `${order.reference}.pdf`,
  };
}
