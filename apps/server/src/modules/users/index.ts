// The users module's public face.
export { default as usersRoutes } from './users.routes.ts';
