import { Avatar, Box, Divider, Drawer, Toolbar, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BELOW_PINNED_BANNER, StockwiseMark, companyLogoUrl, useSession } from '@stockwise/shared';
import { DEFAULT_PATH } from '@/app/guards';
import { DRAWER_WIDTH, MenuList, menuActions, useMenuEntries, useMenuState } from '@/features/navigation';
import { useCompany } from '@/features/session';
import { companyNameOf } from './user-name';
import { useT } from '@/i18n';

/** Spec §2: the company logo and name; a failed logo shows the default image (spec §8). */
function SidebarHeader() {
  const { t } = useT();
  const user = useSession((s) => s.user);
  const company = useCompany();
  const [brokenLogo, setBrokenLogo] = useState<string | null>(null);
  const name = companyNameOf(user, company.data?.companyName, t('brand.name'));
  // logoPath is a path in the company-logos bucket: the image is read at its public URL.
  const url = companyLogoUrl(company.data?.logoPath);
  const logo = url && url !== brokenLogo ? url : null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 2 }}>
      <Box
        component={RouterLink}
        to={DEFAULT_PATH}
        aria-label={t('sidebar.companyLogo', { company: name })}
        sx={{ display: 'inline-flex', borderRadius: 2 }}
      >
        {logo ? (
          <Avatar
            src={logo}
            alt={t('sidebar.companyLogo', { company: name })}
            variant="rounded"
            sx={{ width: 40, height: 40 }}
            slotProps={{ img: { onError: () => setBrokenLogo(logo) } }}
          />
        ) : (
          <StockwiseMark size={40} />
        )}
      </Box>
      <Typography sx={{ fontWeight: 600, minWidth: 0 }} noWrap title={name} data-testid="sidebar-company-name">
        {name}
      </Typography>
    </Box>
  );
}

/**
 * Spec §2: persistent on wide screens, temporary on narrow ones, where a menu pick closes it.
 */
export function Sidebar({ wide }: { wide: boolean }) {
  const drawerOpen = useDrawerOpen(wide);
  const entries = useMenuEntries();
  const content = (
    <>
      <Toolbar />
      <SidebarHeader />
      <Divider />
      <Box sx={{ overflowY: 'auto', flex: 1, pb: 2 }}>
        <MenuList entries={entries} onPick={() => (wide ? undefined : menuActions.setDrawerOpen(false))} />
      </Box>
    </>
  );
  return (
    <Drawer
      id="app-drawer"
      variant={wide ? 'persistent' : 'temporary'}
      open={drawerOpen}
      onClose={() => menuActions.setDrawerOpen(false)}
      ModalProps={{ keepMounted: true }}
      sx={{
        width: wide && drawerOpen ? DRAWER_WIDTH : 0,
        flexShrink: 0,
        '& .MuiDrawer-paper': {
          width: DRAWER_WIDTH,
          boxSizing: 'border-box',
          display: 'flex',
          // Below the development banner, when one is pinned above the page.
          top: BELOW_PINNED_BANNER,
          height: `calc(100% - ${BELOW_PINNED_BANNER})`,
        },
      }}
    >
      {content}
    </Drawer>
  );
}

/**
 * Whether the drawer is open: as the user last set it, else open beside wide content and closed
 * over narrow content. Deriving it (rather than flipping it in an effect) means a narrow screen
 * never opens the temporary drawer's modal on its first render, which would hide the page.
 */
export function useDrawerOpen(wide: boolean): boolean {
  return useMenuState((s) => s.drawerOpen) ?? wide;
}

/** Wide means the drawer can sit beside the content (md and up). */
export function useWideScreen(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
}
