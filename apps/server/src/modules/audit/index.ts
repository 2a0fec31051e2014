// The audit module's public face: the plugin that checks every admin write left its row, the
// Audit log's routes, and what writes call to record themselves.
export { default as auditPlugin, unaudited } from './audit.plugin.ts';
export { default as auditRoutes } from './audit.routes.ts';
export {
  type Actor,
  type AuditEvent,
  type AuditRead,
  audit,
  audited,
  type Recorder,
  recorder,
  rowOf,
  unrecorded,
} from './audit.service.ts';
export { diff, PERSONAL_DATA, redact } from './redact.ts';
