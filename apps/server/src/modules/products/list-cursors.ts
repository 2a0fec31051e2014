import type { ProductListQuery } from '@habi/shared';
import { badInput } from '../../lib/errors.ts';
import type { SummaryRow } from './product-views.ts';

// Keyset paging: the cursor carries the last row's sort value and id, so a page costs the
// same however deep it is (10,000 products stay fast).
interface Cursor {
  v: string;
  id: string;
}
/** A search ranked by relevance pages by offset: the rows before this page. */
interface OffsetCursor {
  o: number;
}
export const encodeCursor = (cursor: Cursor | OffsetCursor) =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SORT_VALUE = {
  price: /^\d{1,10}\.\d{2}$/,
  createdAt: /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:\d{2})?)$/,
};
export const INVALID_CURSOR = 'Invalid cursor';

/** A cursor comes back from the client: only the shapes this server writes are let near SQL. */
export function decodeCursor(text: string, key: keyof typeof SORT_VALUE): Cursor {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      typeof value?.v === 'string' &&
      typeof value?.id === 'string' &&
      SORT_VALUE[key].test(value.v) &&
      UUID.test(value.id)
    ) {
      return { v: value.v, id: value.id };
    }
  } catch {}
  throw badInput(INVALID_CURSOR);
}

/** The deepest a page of search results may start. */
const SEARCH_OFFSET_MAX = 1_000_000;

export function decodeOffsetCursor(text: string): number {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Number.isSafeInteger(value?.o) && value.o > 0 && value.o <= SEARCH_OFFSET_MAX) return value.o;
  } catch {}
  throw badInput(INVALID_CURSOR);
}

/** The cursor after a page read one row past its limit: none when that row is not there. */
export function nextKeyset(rows: SummaryRow[], query: ProductListQuery, byPrice: boolean) {
  if (rows.length <= query.limit) return undefined;
  const last = rows[query.limit - 1]!;
  return encodeCursor({ v: byPrice ? last.price : last.createdAt, id: last.id });
}
