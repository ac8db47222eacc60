import { Route, Routes } from 'react-router-dom';
import { lazyPage } from '@stockwise/shared';
import './i18n';

// Each feature is its own chunk, fetched on first visit: the landing page does not wait for
// the sign-in flows, the documentation or the contact form.
const LandingPage = lazyPage(() => import('./features/landing').then((m) => m.LandingPage));
const LoginPage = lazyPage(() => import('./features/auth').then((m) => m.LoginPage));
const RegisterPage = lazyPage(() => import('./features/auth').then((m) => m.RegisterPage));
const ForgotPasswordPage = lazyPage(() => import('./features/auth').then((m) => m.ForgotPasswordPage));
const ResetPasswordPage = lazyPage(() => import('./features/auth').then((m) => m.ResetPasswordPage));
const AuthCallbackPage = lazyPage(() => import('./features/auth').then((m) => m.AuthCallbackPage));
const VerifyEmailPage = lazyPage(() => import('./features/auth').then((m) => m.VerifyEmailPage));
const PrivacyPolicyPage = lazyPage(() => import('./features/legal').then((m) => m.PrivacyPolicyPage));
const DocumentationPage = lazyPage(() => import('./features/docs').then((m) => m.DocumentationPage));
const ContactUsPage = lazyPage(() => import('./features/contact').then((m) => m.ContactUsPage));
const WorkspaceContactPage = lazyPage(() => import('./features/contact').then((m) => m.WorkspaceContactPage));

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
      <Route path="verify-email" element={<VerifyEmailPage />} />
      <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
      <Route path="documentation" element={<DocumentationPage />} />
      <Route path="contact-us" element={<ContactUsPage />} />
      <Route path="contact" element={<WorkspaceContactPage />} />
    </Routes>
  );
}
