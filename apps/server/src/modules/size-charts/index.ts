// The size charts module's public face: its routes (the back office's charts, a product's chart).
export { default as sizeChartsRoutes } from './size-charts.routes.ts';
