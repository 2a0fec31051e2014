// The reports module's public face: its routes (the back office's CSV downloads).
export { default as reportsRoutes } from './reports.routes.ts';
