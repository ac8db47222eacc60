import { AppBar, Box, Button, Link, Toolbar } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { StockwiseLogo } from '@stockwise/shared';
import { useT } from '@/i18n';

/** The top bar of billing pages a signed-out visitor sees (the shell shows no chrome to them). */
export function PublicHeader() {
  const { t } = useT();
  return (
    <AppBar position="static" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1 }}>
        <Link component={RouterLink} to="/" underline="none" color="inherit" aria-label={t('nav.home')}>
          <StockwiseLogo size={30} />
        </Link>
        <Box sx={{ flex: 1 }} />
        <Button component={RouterLink} to="/login">
          {t('nav.signIn')}
        </Button>
        <Button component={RouterLink} to="/register" variant="contained" sx={{ whiteSpace: 'nowrap' }}>
          {t('nav.getStarted')}
        </Button>
      </Toolbar>
    </AppBar>
  );
}
