import { Box } from '@mui/material';
import { Barcode } from './Barcode';
import type { Symbology } from './barcode';

/** The printable fields of the label settings (api: LABEL_FIELDS), in the order they print. */
export const LABEL_FIELDS = ['serial', 'sku', 'model', 'brand', 'itemType', 'price', 'warranty', 'company'] as const;
export type LabelField = (typeof LABEL_FIELDS)[number];

/** What GET /api/label-settings says about the label's look. */
export interface LabelLayout {
  widthMm: number;
  heightMm: number;
  symbology: Symbology;
  fields: readonly LabelField[];
  showLogo: boolean;
}

/** One label's content: what the barcode encodes, the fields' values already formatted for the reader. */
export interface LabelContent {
  barcode: string;
  values: Partial<Record<LabelField, string | null | undefined>>;
  logoUrl?: string | null;
}

/**
 * One label at its real size (CSS millimetres): the chosen fields, the logo when asked for and
 * known, and the barcode — Code 128 under the text, a QR code beside it.
 */
export function Label({
  layout,
  content,
  name,
}: {
  layout: LabelLayout;
  content: LabelContent;
  /** An accessible name: the label is then one image to assistive technology (a preview, not a print). */
  name?: string;
}) {
  const qr = layout.symbology === 'qr';
  const lines = LABEL_FIELDS.filter((field) => layout.fields.includes(field))
    .map((field) => [field, content.values[field]] as const)
    .filter(([, value]) => value);
  const logo = layout.showLogo && content.logoUrl ? content.logoUrl : null;
  // Text a little under a fifth of the label's height per line, readable from 2 mm up.
  const fontMm = Math.max(2, Math.min(3.5, layout.heightMm / (qr ? 6 : 8)));
  return (
    <Box
      className="stockwise-label"
      data-testid="label"
      {...(name ? { role: 'img', 'aria-label': name } : {})}
      sx={{
        width: `${layout.widthMm}mm`,
        height: `${layout.heightMm}mm`,
        boxSizing: 'border-box',
        p: '1.5mm',
        display: 'flex',
        flexDirection: qr ? 'row' : 'column',
        gap: '1mm',
        overflow: 'hidden',
        bgcolor: '#fff',
        color: '#000',
        fontFamily: 'Roboto, Arial, sans-serif',
        fontSize: `${fontMm}mm`,
        lineHeight: 1.15,
      }}
    >
      {qr ? (
        <Box sx={{ height: '100%', aspectRatio: '1', flexShrink: 0 }}>
          <Barcode value={content.barcode} symbology="qr" />
        </Box>
      ) : null}
      <Box sx={{ minWidth: 0, flexShrink: 0, display: 'flex', gap: '1mm', alignItems: 'flex-start' }}>
        {logo ? <Box component="img" src={logo} alt="" sx={{ height: `${fontMm * 2}mm`, flexShrink: 0 }} /> : null}
        <Box sx={{ minWidth: 0 }}>
          {lines.map(([field, value]) => (
            <Box
              key={field}
              data-field={field}
              sx={{
                whiteSpace: 'nowrap',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                fontWeight: field === 'serial' ? 700 : 400,
                fontFamily: field === 'serial' ? 'monospace' : undefined,
              }}
            >
              {value}
            </Box>
          ))}
        </Box>
      </Box>
      {qr ? null : (
        <Box sx={{ flex: 1, minHeight: 0 }}>
          <Barcode value={content.barcode} symbology="code128" />
        </Box>
      )}
    </Box>
  );
}
