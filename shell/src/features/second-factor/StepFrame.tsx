import { Box, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { LanguageSwitcher, StockwiseLogo } from '@stockwise/shared';

/** The full page of a sign-in step: the logo and one card, narrow on a phone and on a desktop alike. */
export function StepFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', px: { xs: 2, sm: 3 }, py: 4 }}
    >
      <Stack spacing={3} sx={{ width: '100%', maxWidth: 440, alignItems: 'center' }}>
        <StockwiseLogo />
        <Paper variant="outlined" sx={{ width: '100%', p: { xs: 2.5, sm: 4 } }}>
          <Stack spacing={2.5}>
            <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            {children}
          </Stack>
        </Paper>
        <LanguageSwitcher />
      </Stack>
    </Box>
  );
}
