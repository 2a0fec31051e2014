// The catalogue CSV module's public face: its routes (the back office's export and import).
export { default as catalogueCsvRoutes } from './catalogue-csv.routes.ts';
