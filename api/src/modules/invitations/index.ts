// Invitations: invite by email with roles, list, revoke, resend; accepting one is a way to register.
export { acceptInvitation, describeInvitation, REFUSALS, type Invitation } from './service.js';
