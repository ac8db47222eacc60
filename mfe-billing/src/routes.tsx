import { Route, Routes } from 'react-router-dom';
import './i18n';
import { SubscriptionLimitPage } from './features/limits';
import { PricingPage } from './features/pricing';
import { PremiumPurchasePage } from './features/purchase';

/** Exposed as ./routes: every page under the billing remote's paths (shell: app/areas.ts). */
export default function BillingRoutes() {
  return (
    <Routes>
      <Route path="pricing" element={<PricingPage />} />
      <Route path="premium-purchase" element={<PremiumPurchasePage />} />
      <Route path="test-subscription-limit" element={<SubscriptionLimitPage />} />
    </Routes>
  );
}
