/** Escapes LIKE's wildcards, so a search for "50%" or "a_b" matches those characters. */
export function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
