import { Box } from '@mui/material';

/**
 * The product mark: three stacked boxes rising like a bar chart — stock that is counted.
 * Drawn inline so that the top bar and the landing page never wait for an image.
 */
export function StockwiseMark({ size = 32, title }: { size?: number; title?: string }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 32 32"
      width={size}
      height={size}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      sx={{ flexShrink: 0, display: 'block' }}
    >
      {title ? <title>{title}</title> : null}
      <rect width="32" height="32" rx="8" fill="#1e5eff" />
      <rect x="7" y="17" width="5" height="8" rx="1.5" fill="#ffffff" opacity="0.75" />
      <rect x="13.5" y="12" width="5" height="13" rx="1.5" fill="#ffffff" opacity="0.9" />
      <rect x="20" y="7" width="5" height="18" rx="1.5" fill="#ffffff" />
    </Box>
  );
}

/** The mark with the word, for headers. */
export function StockwiseLogo({ size = 32 }: { size?: number }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <StockwiseMark size={size} />
      <Box component="span" sx={{ fontWeight: 700, fontSize: size * 0.62, letterSpacing: '-0.01em', lineHeight: 1 }}>
        Stockwise
      </Box>
    </Box>
  );
}
