/**
 * What an audit row may keep of a record. Secrets (passwords and their hashes, tokens, API and
 * webhook keys, card data) are dropped wherever they are nested; a shopper's personal data
 * (name, email, phone, address) is kept only as `[personal data]`, so erasing an account leaves
 * nothing of it in a log that is never rewritten (docs/decisions/018-audit-log.md). The store's
 * own records (a product's name, the shop's bank account) keep those fields: `keepPersonal`.
 */
const SECRET =
  /password|passphrase|hash|token|secret|api.?key|private.?key|card.?number|^card$|cvc|cvv|^otp$|signature|cookie/i;
const PERSONAL = /name|email|phone|contact.?number|address|recipient/i;
export const PERSONAL_DATA = '[personal data]';

/** A JSON-safe copy of `value` without secrets, personal fields masked unless `keepPersonal`. */
export function redact(value: unknown, keepPersonal = false): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return `[${value.length} bytes]`;
  if (Array.isArray(value)) return value.map((v) => redact(v, keepPersonal));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (SECRET.test(key)) continue;
      out[key] =
        !keepPersonal && PERSONAL.test(key) && v !== null && v !== ''
          ? PERSONAL_DATA
          : redact(v, keepPersonal);
    }
    return out;
  }
  if (typeof value === 'bigint') return value.toString();
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** Moves with every change: the audit row's own time says when. */
const NOISE = new Set(['updatedAt']);

/**
 * The fields that differ between two redacted snapshots, each side holding only those (a field
 * absent on one side is null there). A creation has no `before`, a deletion no `after`.
 */
export function diff(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { before?: Record<string, unknown>; after?: Record<string, unknown> } {
  if (!before || !after) return { ...(before ? { before } : {}), ...(after ? { after } : {}) };
  const changed: { before: Record<string, unknown>; after: Record<string, unknown> } = {
    before: {},
    after: {},
  };
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (NOISE.has(key) || same(before[key], after[key])) continue;
    changed.before[key] = before[key] ?? null;
    changed.after[key] = after[key] ?? null;
  }
  return changed;
}
