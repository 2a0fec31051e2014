/**
 * Rules on typed text that pages apply without the validation library (it would weigh on every
 * page's first load); the schemas (schemas/common.ts) are built on the same ones.
 */

// Control characters (C0, DEL, C1) belong in no name, search or address, and PostgreSQL cannot
// store NUL at all; multi-line text keeps its line breaks and tabs.
export const CONTROL_CHARACTERS = /\p{Cc}/u;
export const CONTROL_CHARACTERS_BUT_LINES = /[^\P{Cc}\t\n\r]/u;
/**
 * Half of a UTF-16 surrogate pair with no other half: not text at all (no keyboard types one;
 * a crafted request can), and the embedded database refuses some once encoded.
 */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The longest search, trimmed. */
export const SEARCH_TEXT_MAX = 100;

/**
 * A search as `SearchTextSchema` takes it (one line, trimmed, at most `SEARCH_TEXT_MAX`
 * characters), or undefined for one it refuses.
 */
export function readSearchText(text: string): string | undefined {
  if (CONTROL_CHARACTERS.test(text) || LONE_SURROGATE.test(text)) return undefined;
  const trimmed = text.trim();
  return trimmed.length <= SEARCH_TEXT_MAX ? trimmed : undefined;
}

/** The ids the store gives (RFC 9562 UUIDs, nil and max included), as `IdSchema` takes them. */
const ID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/** Whether the text can be an id: a page checks a link's id before asking the server. */
export const isId = (text: string) => ID.test(text);
