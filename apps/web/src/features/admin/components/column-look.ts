/** Per-column looks, read from `meta` (a right-aligned amount, a narrow image column...). */
export interface ColumnLook {
  className?: string;
  /** The header is read by screen readers only (image and menu columns). */
  srOnlyHeader?: boolean;
}

/** Types a column's `meta` as its looks. */
export const look = (meta: ColumnLook) => meta;
