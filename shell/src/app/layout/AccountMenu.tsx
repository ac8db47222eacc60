import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { Avatar, IconButton, ListItemIcon, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '@stockwise/shared';
import { useSignOut } from '@/app/useSignOut';
import { useT } from '@/i18n';

/** Spec §2: the account menu — Edit Profile (to /profile) and Logout (to /). */
export function AccountMenu({ displayName }: { displayName: string }) {
  const { t } = useT();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const picture = useSession((s) => s.user?.profilePictureUrl ?? undefined);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={t('topBar.account')}>
        <IconButton
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={t('topBar.account')}
          aria-haspopup="menu"
          aria-expanded={Boolean(anchor)}
          aria-controls={anchor ? 'account-menu' : undefined}
          size="small"
        >
          <Avatar src={picture} alt={displayName} sx={{ width: 34, height: 34, bgcolor: 'primary.main' }}>
            {displayName.charAt(0).toUpperCase()}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        id="account-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          onClick={() => {
            close();
            navigate('/profile');
          }}
        >
          <ListItemIcon>
            <PersonOutlined fontSize="small" />
          </ListItemIcon>
          {t('topBar.editProfile')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            signOut();
          }}
        >
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          {t('topBar.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
