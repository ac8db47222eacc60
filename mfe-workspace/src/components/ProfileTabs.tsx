import { Tab, Tabs } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import { useT } from '@/i18n';

const TABS = [
  { to: '/profile', label: 'profile.tabs.profile' },
  { to: '/profile/security', label: 'profile.tabs.security' },
] as const;

/** The account's two pages, Profile and Security, as tabs over either: links, so each has its address. */
export function ProfileTabs() {
  const { t } = useT();
  const { pathname } = useLocation();
  const current = TABS.find((tab) => pathname.replace(/\/+$/, '') === tab.to)?.to ?? false;
  return (
    <Tabs value={current} aria-label={t('profile.tabs.label')} sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
      {TABS.map((tab) => (
        <Tab key={tab.to} value={tab.to} label={t(tab.label)} component={Link} to={tab.to} />
      ))}
    </Tabs>
  );
}
