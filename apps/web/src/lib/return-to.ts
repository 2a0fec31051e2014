/**
 * Where signing in or up goes on to: back to the page that asked (the cart, say), named in the
 * `next` query parameter, else the account (SPEC's /user). Only a path of this store is followed,
 * never another site (`//evil.example`, `https:`, `/\evil`), so a crafted link cannot send a
 * shopper who just signed in anywhere else.
 */
export const RETURN_PARAM = 'next';

export function returnPath(value: string | null): string | null {
  if (!value || value.length > 512) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters, whitespace and backslashes have no place in a path the store links to.
  if ([...value].some((c) => c <= ' ' || c === '\u007f' || c === '\\')) return null;
  return value;
}

/** `path` with where to go on to afterwards, when that is a path of this store. */
export function withReturn(path: string, next: string | null | undefined): string {
  const safe = returnPath(next ?? null);
  return safe ? `${path}?${new URLSearchParams({ [RETURN_PARAM]: safe })}` : path;
}
