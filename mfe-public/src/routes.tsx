import { Route, Routes } from 'react-router-dom';
import { ScreenComing } from '@stockwise/shared';

/** Exposed as ./routes: every page under the public remote's paths (shell: app/areas.ts). */
export default function PublicRoutes() {
  return (
    <Routes>
      <Route index element={<ScreenComing title="Stockwise" />} />
      <Route path="login" element={<ScreenComing title="Sign in" />} />
      <Route path="register" element={<ScreenComing title="Register your company" />} />
      <Route path="forgot-password" element={<ScreenComing title="Forgot password" />} />
      <Route path="reset-password" element={<ScreenComing title="Reset password" />} />
      <Route path="privacy-policy" element={<ScreenComing title="Privacy policy" />} />
      <Route path="documentation" element={<ScreenComing title="Documentation" />} />
      <Route path="contact-us" element={<ScreenComing title="Contact us" />} />
      <Route path="contact" element={<ScreenComing title="Send us a message" />} />
    </Routes>
  );
}
