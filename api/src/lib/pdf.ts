import { createRequire } from 'node:module';
import type { Company } from '../modules/companies/index.js';

// The company's printed documents (a sale's receipt, a purchase order) are made one way: pdfkit
// (docs/decisions.md "Receipts as PDF"), A4, the company's letterhead, then a table of lines.

/** DejaVu Sans: PDF's built-in fonts have no ğ, ş, ı or ₺; this one has every letter a document may carry. */
const FONT = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export const DOCUMENT_LANGUAGES = ['en', 'tr'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

const LETTERHEAD: Record<DocumentLanguage, { taxNumber: string; phone: string }> = {
  en: { taxNumber: 'Tax number', phone: 'Phone' },
  tr: { taxNumber: 'Vergi numarası', phone: 'Telefon' },
};

export interface CompanyDocument {
  doc: PDFKit.PDFDocument;
  /** The left margin and the width between the margins. */
  left: number;
  width: number;
  /** Columns as fractions of the width; from column `rightFrom` on, cells are right-aligned (amounts). */
  row(fractions: number[], cells: string[], options?: { bold?: boolean; rightFrom?: number }): void;
  /** A label and an amount on one line, right-aligned under the table (net, tax, total). */
  sum(label: string, value: string, last?: boolean): void;
  /** Ends the document: its bytes. */
  finish(): Promise<Buffer>;
}

/**
 * A new document with the company's letterhead: logo, name, address, tax number, phone. pdfkit is
 * loaded by the first document rather than when the API's modules load: few requests print, and it
 * takes a third of a second of CPU to load (docs/benchmarks.md, CI time, sessions 12 and 16).
 */
export async function companyDocument(
  title: string,
  company: Company,
  logo: Buffer | null,
  language: DocumentLanguage,
): Promise<CompanyDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `${title} · ${company.companyName}` } });
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
      // An image pdfkit cannot read leaves the document without a logo rather than without a document.
    }
  }
  const t = LETTERHEAD[language];
  doc.font('bold').fontSize(16).text(company.companyName).font('body').fontSize(10);
  if (company.address) doc.text(company.address);
  if (company.taxNumber) doc.text(`${t.taxNumber}: ${company.taxNumber}`);
  if (company.phone) doc.text(`${t.phone}: ${company.phone}`);
  doc.moveDown();

  return {
    doc,
    left,
    width,
    row(fractions, cells, { bold = false, rightFrom = 2 } = {}) {
      const cols = fractions.map((f) => f * width);
      const y = doc.y;
      let x = left;
      let bottom = y;
      doc.font(bold ? 'bold' : 'body');
      cells.forEach((cell, n) => {
        doc.text(cell, x, y, { width: cols[n]! - 4, align: n >= rightFrom ? 'right' : 'left' });
        bottom = Math.max(bottom, doc.y);
        x += cols[n]!;
      });
      doc.x = left;
      doc.y = bottom + 4;
    },
    sum(label, value, last = false) {
      const y = doc.y;
      doc.font(last ? 'bold' : 'body').fontSize(last ? 12 : 10);
      doc.text(label, left, y, { width: width * 0.75, align: 'right' });
      doc.text(value, left + width * 0.75, y, { width: width * 0.25, align: 'right' });
    },
    finish() {
      doc.end();
      return done;
    },
  };
}
