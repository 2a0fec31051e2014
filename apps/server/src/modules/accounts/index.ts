// The accounts module's public face: passwords and the lists of sessions.
export { default as accountsRoutes } from './accounts.routes.ts';
