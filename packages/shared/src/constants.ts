/** The store's constants and option lists (see docs/business-rules.md). */

export const STORE_TIME_ZONE = 'Asia/Manila';
export const LOCALE = 'en-PH';
export const CURRENCY = 'PHP';

export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 99;

/** The most an admin may set one variation and size's stock to, or change it by at once. */
export const STOCK_QUANTITY_MAX = 100_000;
/** At this many units or fewer a size shows "Only N left", and a product counts as low in stock. */
export const LOW_STOCK_MAX = 5;

/** Tax, in percent, on the items less any discount plus shipping (`summarizeOrder`). */
export const TAX_PERCENT = 10;

/** One per cart line: the fee in whole pesos, and the days from the order's date to delivery. */
export const DELIVERY_OPTIONS = [
  { value: 'standard', fee: 0, days: 9 },
  { value: 'express', fee: 50, days: 5 },
  { value: 'next-day', fee: 100, days: 1 },
] as const;
export type DeliveryOption = (typeof DELIVERY_OPTIONS)[number];
export type DeliveryFee = DeliveryOption['fee'];
export const DELIVERY_FEES = DELIVERY_OPTIONS.map((o) => o.fee) as DeliveryFee[];

export const SNEAKER_SIZES = Array.from({ length: 13 }, (_, i) => `US ${7 + i / 2}`);
export const SIZE_PRESETS = {
  Clothes: ['S', 'M', 'L', 'XL', '2XL'],
  Sneakers: SNEAKER_SIZES,
  'N/A': [],
} as const satisfies Record<string, readonly string[]>;
export type SizePresetName = keyof typeof SIZE_PRESETS;
export const SIZE_PRESET_NAMES = Object.keys(SIZE_PRESETS) as SizePresetName[];
/** Every size a product may carry. */
export const ALL_SIZES: readonly string[] = [...SIZE_PRESETS.Clothes, ...SIZE_PRESETS.Sneakers];

/** Five sizes are Clothes, more than five Sneakers, none N/A. */
export function sizePresetFor(sizes: readonly string[]): SizePresetName {
  if (sizes.length === 0) return 'N/A';
  return sizes.length > SIZE_PRESETS.Clothes.length ? 'Sneakers' : 'Clothes';
}

export const CATEGORIES = ['Men', 'Women', 'Kids'] as const;
export type Category = (typeof CATEGORIES)[number];
export const SUBCATEGORIES = ['Tops', 'Bottoms', 'Full Outfit', 'Shoes', 'Accessories'] as const;
export type SubCategory = (typeof SUBCATEGORIES)[number];

export const ITEM_STATUSES = ['toPay', 'toReceive', 'delivered', 'cancelled'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export const INITIAL_ITEM_STATUS: ItemStatus = 'toPay';

export const ORDER_STATUSES = ['pending', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type StatusColour = 'yellow' | 'green' | 'red' | 'grey';
/** Pending yellow, completed green, cancelled red, anything else grey. */
export function orderStatusColour(status: string): StatusColour {
  if (status === 'pending') return 'yellow';
  if (status === 'completed') return 'green';
  if (status === 'cancelled') return 'red';
  return 'grey';
}
/** `toPay` and `toReceive` yellow, delivered green, anything else red. */
export function itemStatusColour(status: string): StatusColour {
  if (status === 'toPay' || status === 'toReceive') return 'yellow';
  if (status === 'delivered') return 'green';
  return 'red';
}

export const NEWSLETTER_DISCOUNT_PERCENT = 20;
/** How many products each of Home's rows shows: Latest Collections and Best Collections. */
export const HOME_COLLECTION_SIZE = 5;
export const ADMIN_PAGE_SIZE = 10;

export const SORT_OPTIONS = [
  { label: 'Relevant', value: 'relevant' },
  { label: 'Low to High', value: 'asc' },
  { label: 'High to Low', value: 'desc' },
] as const;
export type ProductSort = (typeof SORT_OPTIONS)[number]['value'];

/**
 * The highest price a product may have, ₱1,000,000.00. Orders are stored in numeric(12,2)
 * (at most ₱9,999,999,999.99), and the largest order allowed (50 lines of 99 at this price, the
 * dearest delivery on each, plus tax) comes to ₱5,445,005,500.00, so every price allowed can
 * be ordered.
 */
export const PRICE_MAX_CENTAVOS = 100_000_000;

export const LIMITS = {
  passwordMin: 6,
  passwordMax: 200,
  nameMin: 2,
  nameMax: 100,
  productNameMin: 4,
  productNameEditMin: 2,
  productNameMax: 200,
  descriptionMin: 3,
  descriptionMax: 1000,
  usernameMin: 4,
  usernameMax: 50,
  priceTextMin: 4,
  emailMax: 254,
  addressMax: 500,
  addressesPerUser: 20,
  variationsMax: 10,
  cartLinesMax: 50,
} as const;

/** The largest image file an admin may upload (the types accepted are in images.ts). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Widths every uploaded image is re-encoded to. */
export const IMAGE_WIDTHS = [400, 800] as const;
/**
 * The most pixels a profile picture may have (a 12-megapixel phone photo fits twice over): it is
 * shown at most 800 px wide, and decoding more only costs the server memory and time.
 */
export const PICTURE_MAX_PIXELS = 25_000_000;

/** Response header carrying the cursor of the next page, when there is one. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
