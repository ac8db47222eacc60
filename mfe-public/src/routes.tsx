import { Route, Routes } from 'react-router-dom';
import './i18n';
import { AuthCallbackPage, ForgotPasswordPage, LoginPage, RegisterPage, ResetPasswordPage } from './features/auth';
import { ContactUsPage, WorkspaceContactPage } from './features/contact';
import { DocumentationPage } from './features/docs';
import { LandingPage } from './features/landing';
import { PrivacyPolicyPage } from './features/legal';

/** Exposed as ./routes: every page under the public remote's paths (shell: app/areas.ts). */
export default function PublicRoutes() {
  return (
    <Routes>
      <Route index element={<LandingPage />} />
      <Route path="login" element={<LoginPage />} />
      <Route path="register" element={<RegisterPage />} />
      <Route path="forgot-password" element={<ForgotPasswordPage />} />
      <Route path="reset-password" element={<ResetPasswordPage />} />
      <Route path="auth/callback" element={<AuthCallbackPage />} />
      <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
      <Route path="documentation" element={<DocumentationPage />} />
      <Route path="contact-us" element={<ContactUsPage />} />
      <Route path="contact" element={<WorkspaceContactPage />} />
    </Routes>
  );
}
