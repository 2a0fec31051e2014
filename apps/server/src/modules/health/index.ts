// The health module's public face.
export { default as healthRoutes } from './health.routes.ts';
export { SaveFailures } from './saving.ts';
