import { Route, Routes } from 'react-router-dom';
import { ScreenComing } from '@stockwise/shared';
import './i18n';
import { ProfilePage } from './features/profile';

const SCREENS: [string, string][] = [
  ['dashboard', 'Dashboard'],
  ['my-tasks', 'My Tasks'],
  ['actions/inventory-reception', 'Add Item'],
  ['actions/item-process', 'Item Process'],
  ['actions/rapid-sell', 'Rapid Sell'],
  ['actions/multi-sale', 'Multi-Sale'],
  ['actions/change-location', 'Change Location'],
  ['item-status/status-change', 'Change Status'],
  ['item-status/item-search', 'Item History'],
  ['item-status/item-manager', 'Item Manager'],
  ['reporting/tracking-report', 'Tracking Report'],
  ['reporting/warehouse-status', 'Warehouse Status'],
  ['reporting/item-list', 'Item List'],
  ['reporting/item-inventory', 'Item Inventory'],
  ['reporting/warranty-list', 'Warranty List'],
  ['reporting/edit-item', 'Edit Item'],
  ['customers/list', 'Vendors/Customers'],
  ['customers/history', 'History'],
];

/** Exposed as ./routes: everything under the workspace's paths (shell: app/areas.ts). */
export default function WorkspaceRoutes() {
  return (
    <Routes>
      {SCREENS.map(([path, title]) => (
        <Route key={path} path={path} element={<ScreenComing title={title} />} />
      ))}
      <Route path="profile" element={<ProfilePage />} />
    </Routes>
  );
}
