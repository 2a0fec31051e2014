// The reports module's public face: its routes (the back office's CSV downloads) and how they send a CSV.
export { default as reportsRoutes, sendCsv } from './reports.routes.ts';
