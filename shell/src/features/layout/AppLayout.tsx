import { AppBar, Box, Toolbar, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The signed-in frame: top bar, drawer and content area (spec §2). */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <AppBar position="sticky" color="default" elevation={0}>
        <Toolbar>
          <Typography variant="h6" component="span">
            Stockwise
          </Typography>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flex: 1, p: { xs: 2, md: 3 } }}>
        {children}
      </Box>
    </Box>
  );
}
