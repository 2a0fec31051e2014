// The newsletter module's public face: the routes, and a customer's subscription.
export { default as newsletterRoutes } from './newsletter.routes.ts';
export { forgetAddress, subscriptionOf } from './newsletter.service.ts';
