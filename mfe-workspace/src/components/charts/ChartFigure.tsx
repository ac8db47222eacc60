import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A chart with its caption. The numbers it draws are always also on the screen as text (a table
 * or figures next to it), so the drawing is for looking, and the caption names what it shows.
 */
export function ChartFigure({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="figure" aria-label={title} sx={{ m: 0, minWidth: 0 }}>
      <Typography component="figcaption" variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
