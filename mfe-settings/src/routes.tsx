import { Route, Routes } from 'react-router-dom';
import { ScreenComing } from '@stockwise/shared';

const SCREENS: [string, string][] = [
  ['stores', 'Locations'],
  ['users', 'User & User Roles'],
  ['item-types', 'Item Types'],
  ['transaction-types', 'Transaction Types'],
  ['roles', 'Roles'],
  ['role-management', 'Role Management'],
  ['role-claims', 'Roles and Transaction Type Access'],
  ['invitations', 'User Invitations'],
  ['label-settings', 'Label Settings'],
  ['company', 'Company Info'],
  ['brands', 'Brands'],
];

/** Exposed as ./routes: everything under /settings (shell: app/areas.ts). */
export default function SettingsRoutes() {
  return (
    <Routes>
      <Route path="settings">
        {SCREENS.map(([path, title]) => (
          <Route key={path} path={path} element={<ScreenComing title={title} />} />
        ))}
      </Route>
    </Routes>
  );
}
