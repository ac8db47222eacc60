import { Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import type { Symbology } from './barcode';

/**
 * The barcode encoders (bwip-js: 64 KB gzipped, docs/decisions.md) load with the first label drawn, as a chunk of
 * their own: no other screen of a remote that uses the kit downloads them.
 */
const loadBarcodes = () => import('./barcode');

/** The serial's barcode as an image source; undefined while the encoders load, null if it cannot be drawn. */
function useBarcode(symbology: Symbology, text: string): string | null | undefined {
  const [drawn, setDrawn] = useState<{ key: string; src: string | null } | null>(null);
  const key = `${symbology}:${text}`;
  useEffect(() => {
    let live = true;
    void loadBarcodes().then(({ barcodeSvg, svgDataUrl }) => {
      let src: string | null;
      try {
        src = svgDataUrl(barcodeSvg(symbology, text));
      } catch {
        src = null;
      }
      if (live) setDrawn({ key, src });
    });
    return () => {
      live = false;
    };
  }, [key, symbology, text]);
  return drawn?.key === key ? drawn.src : undefined;
}

export const LABEL_FIELDS = ['serial', 'sku', 'model', 'brand', 'itemType', 'price', 'warranty', 'company'] as const;
export type LabelField = (typeof LABEL_FIELDS)[number];

export interface LabelLayout {
  widthMm: number;
  heightMm: number;
  symbology: Symbology;
  fields: readonly LabelField[];
  showLogo: boolean;
}

/** One item's label: what the barcode encodes (its serial) and the texts the chosen fields print. */
export interface LabelContent {
  serial: string;
  texts: Partial<Record<LabelField, string>>;
  logoUrl?: string | null;
}

/**
 * A label at its real size (mm), as it prints: the logo, the barcode of the serial and the chosen
 * fields in their fixed order. The settings preview and the workspace's printing draw it alike.
 */
export function LabelPreview({
  layout,
  content,
  label,
  barcodeError,
}: {
  layout: LabelLayout;
  content: LabelContent;
  /** The label's accessible name. */
  label: string;
  /** What to say instead of a barcode when the serial cannot be encoded. */
  barcodeError: string;
}) {
  const barcode = useBarcode(layout.symbology, content.serial);
  const lines = LABEL_FIELDS.filter((f) => layout.fields.includes(f) && f !== 'serial' && content.texts[f]);
  const qr = layout.symbology === 'qr';
  return (
    <Box
      role="img"
      aria-label={label}
      data-testid="label-preview"
      sx={{
        width: `${layout.widthMm}mm`,
        height: `${layout.heightMm}mm`,
        boxSizing: 'border-box',
        p: '1.5mm',
        bgcolor: '#fff',
        color: '#000',
        border: '1px dashed',
        borderColor: 'grey.500',
        display: 'flex',
        flexDirection: qr ? 'row' : 'column',
        alignItems: qr ? 'center' : 'stretch',
        gap: '1.5mm',
        overflow: 'hidden',
        fontFamily: 'Roboto, Arial, sans-serif',
      }}
    >
      <Box sx={{ flex: qr ? '0 0 auto' : '1 1 auto', minHeight: 0, display: 'flex', justifyContent: 'center' }}>
        {barcode === undefined ? null : barcode ? (
          <Box
            component="img"
            src={barcode}
            alt=""
            data-testid="label-barcode"
            sx={{
              maxWidth: '100%',
              maxHeight: '100%',
              height: qr ? `${Math.min(layout.heightMm - 3, layout.widthMm / 2)}mm` : 'auto',
              objectFit: 'contain',
            }}
          />
        ) : (
          <Typography sx={{ fontSize: '2.5mm', color: '#b00020' }}>{barcodeError}</Typography>
        )}
      </Box>
      <Box sx={{ minWidth: 0, display: 'flex', flexDirection: 'column', gap: '0.5mm' }}>
        {layout.showLogo && content.logoUrl ? (
          <Box
            component="img"
            src={content.logoUrl}
            alt=""
            sx={{ height: '5mm', width: 'auto', alignSelf: 'flex-start' }}
          />
        ) : null}
        {layout.fields.includes('serial') && qr ? (
          <Typography sx={{ fontSize: '2.8mm', fontWeight: 700, lineHeight: 1.1 }}>{content.serial}</Typography>
        ) : null}
        {lines.map((field) => (
          <Typography key={field} data-field={field} sx={{ fontSize: '2.5mm', lineHeight: 1.15 }} noWrap>
            {content.texts[field]}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
