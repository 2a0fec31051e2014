// The mail module's public face: the outbox other modules write to, the mails they write, and
// the worker and routes app.ts starts.
export { default as emailsRoutes } from './emails.routes.ts';
export {
  type MailSettings,
  mailPayment,
  mailShipment,
  mailStatusChanges,
  orderConfirmation,
} from './order-mails.ts';
export { enqueueMail, forgetMailTo, mailRow, mailWaiting } from './outbox.ts';
export {
  emailChangedMail,
  passwordChangedMail,
  passwordResetMail,
  staffInviteMail,
  verifyEmailMail,
} from './templates/account.tsx';
export { confirmSubscriptionMail, welcomeCodeMail } from './templates/newsletter.tsx';
export { type MailReturn, type ReturnEvent, returnMail } from './templates/returns.tsx';
export { openMailTransport } from './transports.ts';
export { createMailWorker, type MailWorker } from './worker.ts';
