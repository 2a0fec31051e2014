// The demo module's public face: the demo catalogue seeded into an empty store.
export { seedDemoCatalogue } from './seed-demo.ts';
