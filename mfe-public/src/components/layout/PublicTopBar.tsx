import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Button, Container, Link, Stack, Toolbar } from '@mui/material';
import { useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BELOW_PINNED_BANNER, LanguageSwitcher, StockwiseLogo } from '@stockwise/shared';
import { useT, type LayoutKey } from './i18n';

interface NavLink {
  key: LayoutKey;
  to: string;
}

/** Spec §2's top bar links; in-page sections are reached from any public page through `/#…`. */
export const NAV_LINKS: NavLink[] = [
  { key: 'nav.home', to: '/' },
  { key: 'nav.about', to: '/#about' },
  { key: 'nav.features', to: '/#features' },
  { key: 'nav.docs', to: '/documentation' },
  { key: 'nav.contact', to: '/contact-us' },
];

/**
 * The mobile menu is a native `<details>`: it opens and closes before the application has booted
 * (the marketing pages are HTML and CSS until the visitor shows intent), and with no JavaScript at
 * all. The page's inline boot script (scripts/lib/documents.mjs) closes it when one of its links
 * is followed before the boot; once React owns the page, `close` does.
 */
export const MOBILE_MENU_ATTRIBUTE = 'data-menu';

function AuthButtons({ stacked = false, onPick }: { stacked?: boolean; onPick?: () => void }) {
  const { t } = useT();
  return (
    <Stack direction={stacked ? 'column' : 'row'} spacing={1.5} sx={{ alignItems: stacked ? 'stretch' : 'center' }}>
      <Button
        component={RouterLink}
        to="/login"
        variant={stacked ? 'outlined' : 'text'}
        color="inherit"
        onClick={onPick}
      >
        {t('nav.signIn')}
      </Button>
      <Button component={RouterLink} to="/register" variant="contained" onClick={onPick}>
        {t('nav.getStarted')}
      </Button>
    </Stack>
  );
}

/** The summary's icon and name follow the menu's state by CSS alone (a hidden name is no name). */
const OPEN_ONLY = 'menu-when-open';
const CLOSED_ONLY = 'menu-when-closed';
/** Read by screen readers, not shown (the icon says it on screen). */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The public site's header, with the mobile overlay menu that repeats its links. */
export function PublicTopBar() {
  const { t } = useT();
  const menu = useRef<HTMLDetailsElement>(null);
  const close = () => menu.current?.removeAttribute('open');
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{
        top: BELOW_PINNED_BANNER,
        borderBottom: 1,
        borderColor: 'divider',
        backdropFilter: 'blur(8px)',
        // A filter makes the bar the containing block of fixed descendants: the open menu would be
        // held inside the bar instead of covering the screen.
        '&:has(details[open])': { backdropFilter: 'none' },
      }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 2, minHeight: { xs: 60, md: 68 } }}>
          <Link component={RouterLink} to="/" underline="none" color="inherit" aria-label="Stockwise — home">
            <StockwiseLogo size={30} />
          </Link>
          <Box
            component="nav"
            aria-label={t('nav.primary')}
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 3 }}
          >
            {NAV_LINKS.map((link) => (
              <Button key={link.key} component={RouterLink} to={link.to} color="inherit" sx={{ fontWeight: 500 }}>
                {t(link.key)}
              </Button>
            ))}
          </Box>
          <Box sx={{ flex: 1 }} />
          <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 1 }}>
            <LanguageSwitcher />
            <AuthButtons />
          </Box>
          <Box
            component="details"
            ref={menu}
            {...{ [MOBILE_MENU_ATTRIBUTE]: '' }}
            sx={{
              display: { md: 'none' },
              [`&[open] .${CLOSED_ONLY}, &:not([open]) .${OPEN_ONLY}`]: { display: 'none' },
            }}
          >
            <Box
              component="summary"
              sx={{
                // Above the open overlay, where its close button was: the same control closes it.
                position: 'relative',
                zIndex: 2,
                display: 'inline-flex',
                p: 1,
                borderRadius: '50%',
                color: 'action.active',
                cursor: 'pointer',
                listStyle: 'none',
                '&::-webkit-details-marker': { display: 'none' },
                '&:hover': { bgcolor: 'action.hover' },
                '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              <MenuIcon className={CLOSED_ONLY} />
              <CloseIcon className={OPEN_ONLY} />
              <Box component="span" className={CLOSED_ONLY} sx={visuallyHidden}>
                {t('nav.openMenu')}
              </Box>
              <Box component="span" className={OPEN_ONLY} sx={visuallyHidden}>
                {t('nav.closeMenu')}
              </Box>
            </Box>
            <Box
              sx={{
                position: 'fixed',
                inset: 0,
                zIndex: 1,
                overflowY: 'auto',
                bgcolor: 'background.paper',
                p: 2,
                display: 'flex',
                flexDirection: 'column',
              }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', minHeight: 40, mb: 3 }}>
                <StockwiseLogo size={30} />
              </Box>
              <Stack component="nav" aria-label={t('nav.primary')} spacing={0.5}>
                {NAV_LINKS.map((link) => (
                  <Button
                    key={link.key}
                    component={RouterLink}
                    to={link.to}
                    onClick={close}
                    color="inherit"
                    size="large"
                    sx={{ justifyContent: 'flex-start', fontSize: 18 }}
                  >
                    {t(link.key)}
                  </Button>
                ))}
              </Stack>
              <Box sx={{ mt: 'auto', pt: 3 }}>
                <Box sx={{ mb: 2 }}>
                  <LanguageSwitcher />
                </Box>
                <AuthButtons stacked onPick={close} />
              </Box>
            </Box>
          </Box>
        </Toolbar>
      </Container>
    </AppBar>
  );
}
