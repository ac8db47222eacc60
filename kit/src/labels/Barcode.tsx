import { Box, Skeleton, Typography } from '@mui/material';
import { useCommonT } from '@stockwise/shared';
import { useEffect, useState } from 'react';
import { barcodeSvg, svgDataUrl, type Symbology } from './barcode';

type State = { key: string; url: string | null; failed: boolean };

/** One barcode as an image that fills its box; a value the symbology cannot encode says so. */
export function Barcode({ value, symbology, alt }: { value: string; symbology: Symbology; alt?: string }) {
  const { t } = useCommonT();
  const key = `${symbology}:${value}`;
  const [state, setState] = useState<State>({ key: '', url: null, failed: false });
  useEffect(() => {
    let live = true;
    barcodeSvg(value, symbology).then(
      (svg) => live && setState({ key, url: svgDataUrl(svg), failed: false }),
      () => live && setState({ key, url: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [key, value, symbology]);

  if (state.key !== key) return <Skeleton variant="rectangular" sx={{ width: '100%', height: '100%' }} />;
  if (state.failed || !state.url) {
    return (
      <Typography variant="caption" color="error" role="alert">
        {t('labels.cannotEncode', { value })}
      </Typography>
    );
  }
  return (
    <Box
      component="img"
      src={state.url}
      alt={alt ?? t('labels.barcodeOf', { value })}
      data-symbology={symbology}
      data-testid="label-barcode"
      sx={{ display: 'block', maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', mx: 'auto' }}
    />
  );
}
