// The accounts module's public face: passwords, verified addresses and the lists of sessions.
export { default as accountsRoutes } from './accounts.routes.ts';
export {
  followVerificationLink,
  mailVerificationLink,
  requestEmailChange,
} from './email-verification.service.ts';
export type { AccountMailSettings } from './passwords.service.ts';
