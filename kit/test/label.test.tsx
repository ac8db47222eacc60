import { render, screen } from '@testing-library/react';
import { LabelPreview } from '../src';
import { barcodeSvg } from '../src/label/barcode';

describe('barcodes', () => {
  it('draws a real Code 128 and a real QR code as SVG, differently for different texts', () => {
    const a = barcodeSvg('code128', 'SW-000123');
    const b = barcodeSvg('code128', 'SW-000124');
    const qr = barcodeSvg('qr', 'SW-000123');
    for (const svg of [a, b, qr]) expect(svg).toMatch(/^<svg[^>]*viewBox/);
    expect(a).not.toEqual(b);
    expect(qr).not.toEqual(a);
    // A QR code is square: its viewBox is as wide as it is high.
    const [, , w, h] = /viewBox="([\d.\s]+)"/.exec(qr)![1]!.split(' ').map(Number);
    expect(w).toBe(h);
  });

  it('refuses a text it cannot encode', () => {
    expect(() => barcodeSvg('code128', '')).toThrow();
  });
});

describe('LabelPreview', () => {
  const layout = {
    widthMm: 50,
    heightMm: 25,
    symbology: 'code128' as const,
    fields: ['model', 'price'] as const,
    showLogo: false,
  };
  it('is drawn at its size with the barcode and the chosen fields only', async () => {
    render(
      <LabelPreview
        label="Label preview"
        barcodeError="No barcode"
        layout={{ ...layout, fields: [...layout.fields] }}
        content={{ serial: 'SW-1', texts: { model: 'iPhone 15', price: '$799', brand: 'Apple' } }}
      />,
    );
    const label = screen.getByRole('img', { name: 'Label preview' });
    expect(label).toHaveStyle({ width: '50mm', height: '25mm' });
    expect((await screen.findByTestId('label-barcode')).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(label).toHaveTextContent('iPhone 15');
    expect(label).toHaveTextContent('$799');
    expect(label).not.toHaveTextContent('Apple');
  });

  it('says so when the serial cannot be encoded', async () => {
    render(
      <LabelPreview
        label="Label preview"
        barcodeError="This serial cannot be drawn as a barcode."
        layout={{ ...layout, fields: [] }}
        content={{ serial: '', texts: {} }}
      />,
    );
    expect(await screen.findByText('This serial cannot be drawn as a barcode.')).toBeInTheDocument();
  });
});
