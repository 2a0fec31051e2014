// The admins module's public face: the routes, and the first admin made at boot or by the CLI.
export { default as adminsRoutes } from './admins.routes.ts';
export { countAdmins, createAdmin } from './admins.service.ts';
