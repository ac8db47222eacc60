import { Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One section of the Security page: a titled card (its h2 names it for screen readers too). */
export function SectionCard({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <Paper
      component="section"
      aria-labelledby={`${id}-title`}
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, borderRadius: 2 }}
    >
      <Typography id={`${id}-title`} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {hint ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
          {hint}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}
