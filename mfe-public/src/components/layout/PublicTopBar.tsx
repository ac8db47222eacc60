import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Button, Container, Dialog, IconButton, Link, Stack, Toolbar } from '@mui/material';
import { useState } from 'react';
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

/** The public site's header, with the mobile overlay menu that repeats its links. */
export function PublicTopBar() {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ top: BELOW_PINNED_BANNER, borderBottom: 1, borderColor: 'divider', backdropFilter: 'blur(8px)' }}
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
          <IconButton
            sx={{ display: { md: 'none' } }}
            aria-label={t('nav.openMenu')}
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={() => setOpen(true)}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>
      <Dialog fullScreen open={open} onClose={close} aria-label={t('nav.primary')}>
        <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 3 }}>
            <StockwiseLogo size={30} />
            <IconButton aria-label={t('nav.closeMenu')} onClick={close}>
              <CloseIcon />
            </IconButton>
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
      </Dialog>
    </AppBar>
  );
}
