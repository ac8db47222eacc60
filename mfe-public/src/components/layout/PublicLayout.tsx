import { Box } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { PublicFooter } from './PublicFooter';
import { PublicTopBar } from './PublicTopBar';

/** Scrolls to `#section` after navigation (in-page links of the top bar and footer). */
function useHashScroll() {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0 });
      return;
    }
    const target = document.getElementById(hash.slice(1));
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [hash, pathname]);
}

/** The frame of the public site's content pages: header, page, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  useHashScroll();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <PublicTopBar />
      <Box component="main" id="main-content" sx={{ flex: 1 }}>
        {children}
      </Box>
      <PublicFooter />
    </Box>
  );
}
