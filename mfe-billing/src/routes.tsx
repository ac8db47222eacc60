import { Route, Routes } from 'react-router-dom';
import { ScreenComing } from '@stockwise/shared';

/** Exposed as ./routes: every page under the billing remote's paths (shell: app/areas.ts). */
export default function BillingRoutes() {
  return (
    <Routes>
      <Route path="pricing" element={<ScreenComing title="Pricing" />} />
      <Route path="premium-purchase" element={<ScreenComing title="Go Premium" />} />
      <Route path="test-subscription-limit" element={<ScreenComing title="Plan limits" />} />
    </Routes>
  );
}
