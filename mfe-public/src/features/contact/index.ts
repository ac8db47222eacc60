export { ContactUsPage, WorkspaceContactPage } from './components/ContactPage';
