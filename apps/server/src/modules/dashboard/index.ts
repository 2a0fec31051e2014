// The dashboard module's public face: its route (the back office's Dashboard).
export { default as dashboardRoutes } from './dashboard.routes.ts';
