import {
  type EditImage,
  type EditVariation,
  EditVariationSchema,
  IMAGE_ACCEPT,
  IMAGE_MESSAGES,
  LIMITS,
  PRODUCT_EDIT_MESSAGES,
  type Product,
  UPLOAD_MAX_BYTES,
} from '@habi/shared';

/**
 * Edit Product's photos and variations as the admin arranges them: the main photo, and each
 * variation (kept or new) with its photo, kept (`url`) or chosen anew (`file`). A variation is
 * known by its name, so a kept one's name is not edited (renaming would be removing it, with its
 * stock, and adding another).
 */
export interface VariationItem {
  /** Stable across moves, for React and the Stock card's rows. */
  key: string;
  name: string;
  /** One of the product's variations (its name as stored), or a new one. */
  kept: boolean;
  url: string | null;
  file: File | null;
}
export interface MediaState {
  main: { url: string; file: File | null };
  items: VariationItem[];
}

let nextKey = 0;
const newKey = () => {
  nextKey += 1;
  return `new-${nextKey}`;
};

export function mediaOf(product: Product): MediaState {
  return {
    main: { url: product.imageUrl, file: null },
    // Kept ones are keyed by their stored place, as the Stock card keys a product's rows.
    items: product.variations.map((v, i) => ({
      key: String(i),
      name: v.name,
      kept: true,
      url: v.imageUrl,
      file: null,
    })),
  };
}

export const newItem = (): VariationItem => ({ key: newKey(), name: '', kept: false, url: null, file: null });

/** Whether the arrangement differs from the product's: a photo chosen, a variation added, removed or moved. */
export function mediaDirty(product: Product, state: MediaState): boolean {
  if (state.main.file) return true;
  if (state.items.length !== product.variations.length) return true;
  return state.items.some((item, i) => {
    const stored = product.variations[i]!;
    return !item.kept || item.file !== null || item.name !== stored.name || item.url !== stored.imageUrl;
  });
}

/** Moves the item at `from` by `by` places (-1 up, 1 down), when there is room. */
export function moveItem(items: readonly VariationItem[], from: number, by: -1 | 1): VariationItem[] {
  const to = from + by;
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** Why a chosen file cannot be sent (the server decides by the bytes; this spares the upload). */
export function fileProblem(file: File): string | undefined {
  const types = Object.keys(IMAGE_ACCEPT);
  const extensions = Object.values(IMAGE_ACCEPT).flat();
  const typed = types.includes(file.type) || extensions.some((ext) => file.name.toLowerCase().endsWith(ext));
  if (!typed) return IMAGE_MESSAGES.wrongType;
  if (file.size > UPLOAD_MAX_BYTES) return IMAGE_MESSAGES.tooLarge;
  return undefined;
}

/** What Update sends of the photos and variations, and the files in the order `{ upload: n }` names them. */
export interface MediaFields {
  fields: { imageUrl?: EditImage; variations?: EditVariation[] };
  files: File[];
}

/**
 * The request's `imageUrl`, `variations` and files, checked as the server will (each new
 * variation named once, with a photo); or the messages by item key (`main` for the main photo).
 * Nothing when nothing changed, so an edit of the details alone sends what it always sent.
 */
export function mediaFields(
  product: Product,
  state: MediaState,
): { ok: MediaFields } | { errors: Record<string, string> } {
  if (!mediaDirty(product, state)) return { ok: { fields: {}, files: [] } };
  const files: File[] = [];
  const imageOf = (url: string | null, file: File | null): EditImage | null => {
    if (file) {
      files.push(file);
      return { upload: files.length - 1 };
    }
    return url;
  };
  const errors: Record<string, string> = {};
  const imageUrl = imageOf(state.main.url, state.main.file)!;
  const seen = new Set<string>();
  if (state.items.length > LIMITS.variationsMax) {
    errors[state.items[LIMITS.variationsMax]!.key] = `At most ${LIMITS.variationsMax} variations`;
  }
  const variations = state.items.map((item) => {
    const image = imageOf(item.url, item.file);
    const parsed = EditVariationSchema.shape.name.safeParse(item.name);
    if (!parsed.success)
      errors[item.key] ??= parsed.error.issues[0]?.message ?? PRODUCT_EDIT_MESSAGES.variationName;
    else if (seen.has(parsed.data)) errors[item.key] ??= PRODUCT_EDIT_MESSAGES.variationNamedTwice;
    else if (!image) errors[item.key] ??= 'Choose a photo for this variation';
    if (parsed.success) seen.add(parsed.data);
    return { name: parsed.success ? parsed.data : item.name, imageUrl: image ?? '' };
  });
  if (Object.keys(errors).length > 0) return { errors };
  return { ok: { fields: { imageUrl, variations }, files } };
}
