export { invitationRoutes } from './invitations.routes.js';
