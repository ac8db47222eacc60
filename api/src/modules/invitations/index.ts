export { invitationRoutes } from './routes.js';
export { acceptInvitation, describeInvitation, REFUSALS, type Invitation } from './service.js';
