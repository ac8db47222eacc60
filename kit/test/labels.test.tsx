import { render, screen, within } from '@testing-library/react';
import { Label, LabelSheet, barcodeSvg, printLabels, type LabelLayout } from '../src';

const layout: LabelLayout = {
  widthMm: 50,
  heightMm: 25,
  symbology: 'code128',
  fields: ['model', 'serial', 'price'],
  showLogo: false,
};
const content = { barcode: 'SN-0001', values: { serial: 'SN-0001', model: 'X1', price: '$1,250.50', sku: 'SKU-9' } };

/** The SVG document an <img> shows, from its data: URL. */
const svgOf = (img: HTMLElement) =>
  decodeURIComponent((img.getAttribute('src') ?? '').replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));

describe('barcodes (bwip-js)', () => {
  it('draws Code 128 as a wide strip of bars and QR as a square, different for different values', async () => {
    const wide = await barcodeSvg('SN-0001', 'code128');
    const square = await barcodeSvg('SN-0001', 'qr');
    const box = (svg: string) =>
      svg
        .match(/viewBox="0 0 (\d+) (\d+)"/)!
        .slice(1)
        .map(Number);
    const [w = 0, h = 0] = box(wide);
    expect(w).toBeGreaterThan(h * 1.5);
    const [qw, qh] = box(square);
    expect(qw).toBe(qh);
    expect(await barcodeSvg('SN-0002', 'code128')).not.toBe(wide);
  });
});

describe('Label', () => {
  it('is the label’s size in millimetres, prints only the chosen fields in their order, and the barcode', async () => {
    render(<Label layout={layout} content={content} />);
    const label = screen.getByTestId('label');
    expect(label).toHaveStyle({ width: '50mm', height: '25mm' });
    expect([...label.querySelectorAll('[data-field]')].map((line) => line.textContent)).toEqual([
      'SN-0001',
      'X1',
      '$1,250.50',
    ]);
    expect(label).not.toHaveTextContent('SKU-9');
    const barcode = await within(label).findByRole('img', { name: 'Barcode of SN-0001' });
    expect(barcode).toHaveAttribute('data-symbology', 'code128');
    expect(svgOf(barcode)).toContain('<svg');
  });

  it('puts a QR code beside the text when the settings say QR, and the logo only when asked', async () => {
    const { rerender } = render(
      <Label layout={{ ...layout, symbology: 'qr' }} content={{ ...content, logoUrl: 'https://x.test/logo.png' }} />,
    );
    expect(await screen.findByRole('img', { name: 'Barcode of SN-0001' })).toHaveAttribute('data-symbology', 'qr');
    expect(screen.getByTestId('label').querySelector('img[src="https://x.test/logo.png"]')).toBeNull();
    rerender(
      <Label
        layout={{ ...layout, symbology: 'qr', showLogo: true }}
        content={{ ...content, logoUrl: 'https://x.test/logo.png' }}
      />,
    );
    expect(screen.getByTestId('label').querySelector('img[src="https://x.test/logo.png"]')).not.toBeNull();
  });

  it('says so when a value cannot be encoded instead of printing a wrong barcode', async () => {
    render(<Label layout={layout} content={{ barcode: '', values: { serial: '' } }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('cannot be printed as this barcode');
  });
});

describe('LabelSheet', () => {
  it('hangs one label per item under <body> with a print stylesheet on the label’s page size', async () => {
    render(
      <div id="app">
        <LabelSheet
          layout={layout}
          labels={[content, { ...content, barcode: 'SN-0002', values: { serial: 'SN-0002' } }]}
        />
      </div>,
    );
    const sheet = document.querySelector('body > .stockwise-label-sheet') as HTMLElement;
    expect(sheet).not.toBeNull();
    expect(within(sheet).getAllByTestId('label')).toHaveLength(2);
    const css = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
      .concat([...document.querySelectorAll('style')].map((style) => style.textContent ?? ''))
      .join('\n');
    expect(css).toMatch(/@page\s*\{\s*size:\s*50mm 25mm;\s*margin:\s*0;?\s*\}/);
    expect(css).toMatch(
      /@media print\s*\{[^}]*body\s*>\s*\*:not\(\.stockwise-label-sheet\)\s*\{\s*display:\s*none !important/,
    );
    // Hidden on screen; printed.
    expect(await within(sheet).findAllByRole('img', { name: /Barcode of SN-000[12]/, hidden: true })).toHaveLength(2);
  });

  it('prints through the browser’s print dialog', () => {
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    printLabels();
    expect(print).toHaveBeenCalledTimes(1);
  });
});
