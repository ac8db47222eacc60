import ChatBubbleOutlineOutlined from '@mui/icons-material/ChatBubbleOutlineOutlined';
import { lazyPage, type Screen } from '@stockwise/shared';
import { NS } from './i18n';

// Each feature is its own chunk, fetched on first visit: the landing page does not wait for
// the sign-in flows, the documentation or the contact form.
const auth = () => import('@/features/auth');
const contact = () => import('@/features/contact');

/**
 * Every screen of this remote (exact paths; the shell routes only these here, see the shell's src/mf/areas.ts):
 * the routes are built from it, and the shell's drawer from its menu entries. Public pages, so no claims.
 */
export const SCREENS: Screen[] = [
  { path: '', title: 'hero.title', page: lazyPage(() => import('@/features/landing').then((m) => m.LandingPage)) },
  { path: 'login', title: 'auth.login.title', page: lazyPage(() => auth().then((m) => m.LoginPage)) },
  { path: 'register', title: 'auth.register.title', page: lazyPage(() => auth().then((m) => m.RegisterPage)) },
  {
    path: 'forgot-password',
    title: 'auth.forgot.title',
    page: lazyPage(() => auth().then((m) => m.ForgotPasswordPage)),
  },
  {
    path: 'reset-password',
    title: 'auth.reset.title',
    page: lazyPage(() => auth().then((m) => m.ResetPasswordPage)),
  },
  {
    path: 'auth/callback',
    title: 'auth.callback.title',
    page: lazyPage(() => auth().then((m) => m.AuthCallbackPage)),
  },
  {
    path: 'verify-email',
    title: 'auth.verify.title',
    page: lazyPage(() => auth().then((m) => m.VerifyEmailPage)),
  },
  {
    path: 'privacy-policy',
    title: 'privacy.title',
    page: lazyPage(() => import('@/features/legal').then((m) => m.PrivacyPolicyPage)),
  },
  {
    path: 'documentation',
    title: 'docs.title',
    page: lazyPage(() => import('@/features/docs').then((m) => m.DocumentationPage)),
  },
  { path: 'contact-us', title: 'contact.title', page: lazyPage(() => contact().then((m) => m.ContactUsPage)) },
  {
    path: 'contact',
    title: 'contact.title',
    menu: { group: 'support', order: 10, icon: ChatBubbleOutlineOutlined, title: 'menu.sendMessage' },
    page: lazyPage(() => contact().then((m) => m.WorkspaceContactPage)),
  },
];

/** Exposed as ./screens: what the shell builds the drawer from. */
export const TABLE = { namespace: NS, screens: SCREENS };
