import { Box, Toolbar } from '@mui/material';
import { useEffect, useRef, type ReactNode } from 'react';
import { DRAWER_WIDTH, menuActions } from '../navigation';
import { Sidebar, useWideScreen } from './Sidebar';
import { TopBar } from './TopBar';

/** The signed-in frame: top bar, drawer and content area (spec §2). */
export function AppLayout({ children }: { children: ReactNode }) {
  const wide = useWideScreen();
  const previous = useRef<boolean | null>(null);

  // Entering a width class sets the drawer's natural state: open beside wide content,
  // closed over narrow content until the toggle opens it.
  useEffect(() => {
    if (previous.current !== wide) menuActions.setDrawerOpen(wide);
    previous.current = wide;
  }, [wide]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar />
      <Sidebar wide={wide} />
      <Box
        component="main"
        id="main-content"
        sx={{
          flex: 1,
          minWidth: 0,
          p: { xs: 2, md: 3 },
          bgcolor: 'background.default',
        }}
      >
        <Toolbar />
        {children}
      </Box>
    </Box>
  );
}

export { DRAWER_WIDTH };
