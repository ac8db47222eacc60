export { InvitationsPage } from './routes/InvitationsPage';
