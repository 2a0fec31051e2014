/**
 * A random id. crypto.randomUUID exists only on secure origins (https, localhost), so a shop
 * opened over plain http on a LAN falls back to getRandomValues, which exists everywhere.
 */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
