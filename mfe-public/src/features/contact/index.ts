export { ContactUsPage, WorkspaceContactPage } from './routes/ContactPage';
