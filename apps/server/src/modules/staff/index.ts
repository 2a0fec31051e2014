// The staff module's public face: roles, invites and the owner's Staff page.
export { default as staffRoutes } from './staff.routes.ts';
