import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import { AppBar, Box, Button, Chip, IconButton, Stack, Toolbar, Tooltip, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import {
  BELOW_PINNED_BANNER,
  call,
  LanguageSwitcher,
  StockwiseMark,
  useSession,
  type Language,
} from '@stockwise/shared';
import { DEFAULT_PATH } from '@/app/guards';
import { menuActions, useMayOpen } from '@/features/navigation';
import { useDrawerOpen, useWideScreen } from './Sidebar';
import { usePremiumStatus } from '@/features/session';
import { ThemeToggle } from '@/features/theme';
import { AccountMenu } from './AccountMenu';
import { displayNameOf } from './user-name';
import { useT } from '@/i18n';

const ITEM_MANAGER_PATH = '/item-status/item-manager';

/**
 * The server keeps the language a signed-in user picks, so what it mails them on its own (the daily
 * digest) is in it. A failure costs only that: the page has already switched.
 */
const keepLanguage = (language: Language) =>
  void call('PUT', '/api/users/me/language', { body: { language } }).catch(() => undefined);

/** Spec §2's top bar; its links are offered by the same claims as the screens they open. */
export function TopBar() {
  const { t } = useT();
  const user = useSession((s) => s.user);
  const drawerOpen = useDrawerOpen(useWideScreen());
  const premium = usePremiumStatus();
  const name = displayNameOf(user, t('topBar.userFallback'));
  const itemManager = useMayOpen(ITEM_MANAGER_PATH);

  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{
        top: BELOW_PINNED_BANNER,
        zIndex: (theme) => theme.zIndex.drawer + 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
        <Tooltip title={t('topBar.toggleMenu')}>
          <IconButton
            edge="start"
            color="inherit"
            aria-label={t('topBar.toggleMenu')}
            aria-controls="app-drawer"
            aria-expanded={drawerOpen}
            onClick={() => menuActions.setDrawerOpen(!drawerOpen)}
          >
            {drawerOpen ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
        </Tooltip>
        <Box
          component={RouterLink}
          to={DEFAULT_PATH}
          aria-label={t('topBar.home')}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', minWidth: 0 }}
        >
          <StockwiseMark size={30} />
          <Box sx={{ minWidth: 0, display: { xs: 'none', sm: 'block' } }}>
            <Typography component="span" sx={{ display: 'block', fontWeight: 700, lineHeight: 1.1 }}>
              {t('brand.name')}
            </Typography>
            <Typography
              component="span"
              variant="caption"
              color="text.secondary"
              noWrap
              sx={{ display: { xs: 'none', md: 'block' }, lineHeight: 1.2 }}
            >
              {t('brand.tagline')}
            </Typography>
          </Box>
        </Box>

        <Box sx={{ flex: 1 }} />

        <Stack direction="row" spacing={{ xs: 0.25, sm: 1 }} sx={{ alignItems: 'center' }}>
          {itemManager ? (
            <Tooltip title={t('topBar.itemManager')}>
              <Button
                component={RouterLink}
                to={ITEM_MANAGER_PATH}
                variant="outlined"
                size="small"
                aria-label={t('topBar.itemManager')}
                startIcon={<Inventory2Outlined fontSize="small" />}
                sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, md: 1 } } }}
              >
                <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
                  {t('topBar.itemManager')}
                </Box>
              </Button>
            </Tooltip>
          ) : null}
          {premium.showGoPremium ? (
            <Button
              component={RouterLink}
              to="/premium-purchase"
              variant="contained"
              color="primary"
              size="small"
              aria-label={t('topBar.goPremium')}
              startIcon={<WorkspacePremiumOutlined fontSize="small" />}
              sx={{ whiteSpace: 'nowrap', minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
            >
              {/* Icon only on a phone: the bar has no room for the words. */}
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                {t('topBar.goPremium')}
              </Box>
            </Button>
          ) : null}
          {premium.showProBadge ? (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <Chip label={t('topBar.pro')} size="small" sx={{ fontWeight: 700, bgcolor: '#92400e', color: '#fff' }} />
              <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', lg: 'block' } }}>
                {t('topBar.premiumUser')}
              </Typography>
            </Stack>
          ) : null}
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <LanguageSwitcher onChosen={keepLanguage} />
          </Box>
          <ThemeToggle />
          <Typography
            variant="body2"
            sx={{ display: { xs: 'none', md: 'block' }, fontWeight: 500, maxWidth: 180 }}
            noWrap
            data-testid="top-bar-user-name"
          >
            {name}
          </Typography>
          <AccountMenu displayName={name} />
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
