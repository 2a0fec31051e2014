import { z } from 'zod';
import { CourierIdSchema, ShipmentSchema } from './shipment.ts';

/**
 * Shipping many orders from one CSV (docs/business-rules.md, "Shipping by CSV"): a dry run lists
 * each row's problems, then the rows it found ready ship in one transaction.
 */

/** The largest file and the most rows under its header one upload may have. */
export const SHIPMENT_CSV_LIMITS = { bytes: 256 * 1024, rows: 500 } as const;

export const SHIPMENT_CSV_MESSAGES = {
  empty: 'Choose a CSV file',
  tooLarge: `The file is larger than ${SHIPMENT_CSV_LIMITS.bytes / 1024} KB: split it into files of at most ${SHIPMENT_CSV_LIMITS.rows} rows`,
  rows: 'Ship the rows the check found ready',
} as const;

/** The file's text, as read in the browser (UTF-8, a BOM and CRLF line ends allowed). */
const CsvTextSchema = z
  .string({ message: SHIPMENT_CSV_MESSAGES.empty })
  .min(1, { message: SHIPMENT_CSV_MESSAGES.empty })
  .max(SHIPMENT_CSV_LIMITS.bytes, { message: SHIPMENT_CSV_MESSAGES.tooLarge });

/** `POST /shipments/csv/check`: the dry run, which changes nothing. */
export const ShipmentCsvCheckSchema = z.strictObject({ csv: CsvTextSchema });
export type ShipmentCsvCheckInput = z.input<typeof ShipmentCsvCheckSchema>;

/**
 * `POST /shipments/csv`: the same file again, with the rows its dry run found ready. When the
 * file checks differently now (an order shipped or cancelled meanwhile), nothing ships (409).
 */
export const ShipmentCsvApplySchema = z.strictObject({
  csv: CsvTextSchema,
  rows: z
    .array(z.number().int().min(2), { message: SHIPMENT_CSV_MESSAGES.rows })
    .min(1, { message: SHIPMENT_CSV_MESSAGES.rows })
    .max(SHIPMENT_CSV_LIMITS.rows, { message: SHIPMENT_CSV_MESSAGES.rows }),
});
export type ShipmentCsvApplyInput = z.input<typeof ShipmentCsvApplySchema>;

/** One row of the file as checked: what it read and, when it cannot ship, why. */
export const ShipmentCsvRowSchema = z.object({
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  row: z.number().int(),
  /** The order number as written in the file. */
  order: z.string(),
  /** The order it names, when found. */
  orderId: z.string().nullable(),
  courier: CourierIdSchema.nullable(),
  trackingNumber: z.string(),
  /** "YYYY-MM-DD": the day it shipped (the file's, else today in the Philippines). */
  shippedOn: z.string().nullable(),
  /** How many of the order's lines it ships: those not shipped yet, still to pay or to receive. */
  lines: z.number().int(),
  /** Why the row cannot ship, in the shop's words; empty when it is ready. */
  errors: z.array(z.string()),
});
export type ShipmentCsvRow = z.infer<typeof ShipmentCsvRowSchema>;

export const ShipmentCsvReportSchema = z.object({
  message: z.string(),
  rows: z.array(ShipmentCsvRowSchema),
  /** The shipments made (none for a dry run). */
  shipments: z.array(ShipmentSchema),
});
export type ShipmentCsvReport = z.infer<typeof ShipmentCsvReportSchema>;

/** "row 3: order #9843F462 was not found": a refused row's reasons, as the page lists them. */
export const csvRowProblems = (row: Pick<ShipmentCsvRow, 'row' | 'errors'>) =>
  row.errors.map((error) => `row ${row.row}: ${error}`);
