export { PrivacyPolicyPage } from './routes/PrivacyPolicyPage';
