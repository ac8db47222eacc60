import { Box, Toolbar } from '@mui/material';
import { useEffect, useRef, type ReactNode } from 'react';
import { BELOW_PINNED_BANNER } from '@stockwise/shared';
import { DRAWER_WIDTH, menuActions } from '@/features/navigation';
import { Sidebar, useWideScreen } from './Sidebar';
import { TopBar } from './TopBar';

/** The signed-in frame: top bar, drawer and content area (spec §2). */
export function AppLayout({ children }: { children: ReactNode }) {
  const wide = useWideScreen();
  const previous = useRef<boolean | null>(null);

  // Entering another width class returns the drawer to its natural state (useDrawerOpen).
  useEffect(() => {
    if (previous.current !== null && previous.current !== wide) menuActions.setDrawerOpen(null);
    previous.current = wide;
  }, [wide]);

  return (
    <Box sx={{ display: 'flex', minHeight: `calc(100vh - ${BELOW_PINNED_BANNER})` }}>
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
