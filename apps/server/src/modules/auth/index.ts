export { authRoutes } from './auth.routes.js';
export { revokeFamily, startRefreshFamily } from './refresh-tokens.js';
export { deliverTokens } from './session-transport.js';
export { revokeUserSessions } from './sessions.js';
export { toPublicUser } from './user-view.js';
