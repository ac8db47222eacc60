import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** The application's own title, as the shell's index.html has it (rspack.base.js). */
export const APP_TITLE = 'Stockwise';

/**
 * A prerendered page arrives with its own title (the price list, the documentation…); once the
 * app runs and the visitor moves on to another page in it, that title would stay on the tab.
 * The first page keeps the title it came with; every other page gets the application's.
 */
export function usePageTitleOnNavigation(): void {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname !== first.current) document.title = APP_TITLE;
  }, [pathname]);
}
