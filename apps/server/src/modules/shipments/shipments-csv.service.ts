import {
  COURIERS,
  canShip,
  type ItemStatus,
  normaliseTrackingNumber,
  orderReference,
  SHIPMENT_CSV_LIMITS,
  SHIPMENT_CSV_MESSAGES,
  type ShipmentCsvApplyInput,
  type ShipmentCsvReport,
  type ShipmentCsvRow,
  shippedAfterToday,
  storeDate,
  trackingNumberProblem,
  trackingNumberRule,
} from '@habi/shared';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { orderItems, orders, shipmentItems } from '../../db/schema.ts';
import { parseCsv } from '../../lib/csv-parse.ts';
import { badInput, conflict, tooLarge } from '../../lib/errors.ts';
import type { MailSettings } from '../mail/index.ts';
import { lockLines } from '../orders/index.ts';
import {
  COLUMN_WORDS,
  COURIER_NAMES,
  type CsvColumn,
  columnsOf,
  courierOf,
  dateOf,
  looksLikeFormula,
  orderNumberOf,
} from './csv-columns.ts';
import { shipLines } from './shipments.service.ts';

/** A row as checked, with the lines it would ship. */
type Checked = ShipmentCsvRow & { lineIds: string[] };

/** The file's rows under its header; a file too large, empty, or without the columns is 400. */
function readFile(csv: string) {
  if (Buffer.byteLength(csv, 'utf8') > SHIPMENT_CSV_LIMITS.bytes)
    throw tooLarge(SHIPMENT_CSV_MESSAGES.tooLarge);
  const [header, ...records] = parseCsv(csv);
  if (!header) throw badInput('The file is empty');
  const columns = columnsOf(header.cells);
  if (records.length === 0) throw badInput('The file has no rows under its header');
  if (records.length > SHIPMENT_CSV_LIMITS.rows) {
    throw badInput(
      `The file has ${records.length} rows; upload at most ${SHIPMENT_CSV_LIMITS.rows} at a time`,
    );
  }
  return records.map(({ row, cells }) => {
    const cell = (column: CsvColumn) => {
      const index = columns[column];
      return index === undefined ? '' : (cells[index] ?? '');
    };
    return {
      row,
      order: cell('order'),
      courier: cell('courier'),
      tracking: cell('tracking'),
      date: cell('date'),
    };
  });
}
type FileRow = ReturnType<typeof readFile>[number];

/** The checks a row passes or fails on its own, before any order is looked up. */
function checkCells(file: FileRow, today: string): Checked {
  const errors: string[] = [];
  const shown = (text: string) => `“${text.trim().slice(0, 40)}”`;
  const formulas = (['order', 'courier', 'tracking', 'date'] as const).filter((column) =>
    looksLikeFormula(file[column]),
  );
  for (const column of formulas) {
    const lead = /^\s*([=+\-@])/.exec(file[column])?.[1];
    errors.push(
      `the ${COLUMN_WORDS[column]} ${shown(file[column])} starts like a spreadsheet formula: ` +
        `remove the leading ${lead ? `“${lead}”` : 'tab or carriage return'}`,
    );
  }
  const formula = (column: CsvColumn) => formulas.includes(column as (typeof formulas)[number]);
  const order = file.order.trim();
  if (!formula('order')) {
    if (order === '') errors.push('enter the order number');
    else if (!orderNumberOf(order)) errors.push(`${shown(order)} is not an order number like #9843F462`);
  }
  const courierText = file.courier.trim();
  const courier = courierOf(courierText);
  if (!formula('courier')) {
    if (courierText === '') errors.push('enter the courier');
    else if (!courier) errors.push(`unknown courier ${shown(courierText)}: use ${COURIER_NAMES}`);
  }
  const trackingNumber = normaliseTrackingNumber(file.tracking);
  if (!formula('tracking')) {
    if (trackingNumber === '') errors.push('enter the tracking number');
    else if (courier && trackingNumberProblem(courier, trackingNumber)) {
      errors.push(
        `tracking number ${shown(trackingNumber)} does not look like a ${COURIERS[courier].name} number (${trackingNumberRule(courier)})`,
      );
    }
  }
  let shippedOn: string | null = today;
  if (file.date.trim() !== '' && !formula('date')) {
    shippedOn = dateOf(file.date);
    if (!shippedOn) errors.push(`the date shipped ${shown(file.date)} is not a date like 2026-11-27`);
    else if (shippedAfterToday(shippedOn, today)) errors.push(`the date shipped ${shippedOn} is after today`);
  }
  return {
    row: file.row,
    order,
    orderId: null,
    courier,
    trackingNumber: trackingNumber.slice(0, 60),
    shippedOn,
    lines: 0,
    errors,
    lineIds: [],
  };
}

/** A second row for an order or a tracking number already in the file is refused, naming the first. */
function refuseDuplicates(rows: Checked[]) {
  const orderRows = new Map<string, number>();
  const trackingRows = new Map<string, number>();
  for (const row of rows) {
    const number = orderNumberOf(row.order);
    const key = number && ('id' in number ? number.id.replaceAll('-', '').slice(0, 8) : number.prefix);
    if (key) {
      const first = orderRows.get(key);
      if (first === undefined) orderRows.set(key, row.row);
      else row.errors.push(`order ${row.order} is also on row ${first}`);
    }
    if (row.trackingNumber) {
      const first = trackingRows.get(row.trackingNumber);
      if (first === undefined) trackingRows.set(row.trackingNumber, row.row);
      else row.errors.push(`tracking number ${row.trackingNumber} is also on row ${first}`);
    }
  }
}

/**
 * The orders the rows name: a whole id, or the 8 characters the shop sees, found by the range
 * of ids they begin (the primary key's index). Two orders sharing the 8 are named as such.
 */
async function findOrders(db: Executor, rows: Checked[]) {
  for (const row of rows) {
    const number = orderNumberOf(row.order);
    if (!number) continue;
    const where =
      'id' in number
        ? eq(orders.id, number.id)
        : and(
            gte(orders.id, `${number.prefix}-0000-0000-0000-000000000000`),
            lte(orders.id, `${number.prefix}-ffff-ffff-ffff-ffffffffffff`),
          );
    const found = await db.select({ id: orders.id }).from(orders).where(where).limit(2);
    if (found.length === 0) row.errors.push(`order ${row.order} was not found`);
    else if (found.length > 1) {
      row.errors.push(`order ${row.order} matches more than one order: use the order’s full id`);
    } else row.orderId = found[0]!.id;
  }
}

/**
 * Each found order's lines still to ship: not in a shipment, still to pay or to receive. With
 * `lock`, the orders' lines are locked first, in order id order, so two uploads never wait on
 * each other in a circle.
 */
async function findLines(db: Executor, rows: Checked[], lock: boolean) {
  const orderIds = [...new Set(rows.flatMap((row) => (row.orderId ? [row.orderId] : [])))].sort();
  if (orderIds.length === 0) return;
  const lines = [];
  if (lock) for (const id of orderIds) lines.push(...(await lockLines(db, id)));
  else {
    lines.push(
      ...(await db
        .select()
        .from(orderItems)
        .where(inArray(orderItems.orderId, orderIds))
        .orderBy(asc(orderItems.position))),
    );
  }
  const shipped = new Set(
    (
      await db
        .select({ line: shipmentItems.orderItemId })
        .from(shipmentItems)
        .where(
          inArray(
            shipmentItems.orderItemId,
            lines.map((line) => line.id),
          ),
        )
    ).map((s) => s.line),
  );
  for (const row of rows) {
    if (!row.orderId) continue;
    row.lineIds = lines
      .filter(
        (line) => line.orderId === row.orderId && canShip(line.status as ItemStatus) && !shipped.has(line.id),
      )
      .map((line) => line.id);
    row.lines = row.lineIds.length;
    if (row.lines === 0) row.errors.push('the order has no items left to ship');
  }
}

async function checkFile(db: Executor, csv: string, lock: boolean): Promise<Checked[]> {
  const today = storeDate(new Date());
  const rows = readFile(csv).map((file) => checkCells(file, today));
  refuseDuplicates(rows);
  await findOrders(db, rows);
  await findLines(db, rows, lock);
  return rows;
}

const toReport = (rows: Checked[], message: string, shipments: ShipmentCsvReport['shipments'] = []) => ({
  message,
  rows: rows.map(({ lineIds: _, ...row }) => row),
  shipments,
});

const readyCount = (rows: Checked[]) => rows.filter((row) => row.errors.length === 0).length;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The dry run: every row checked against the orders as they are now; nothing is written. */
export async function checkShipmentCsv(db: Db, csv: string): Promise<ShipmentCsvReport> {
  const rows = await checkFile(db, csv, false);
  const ready = readyCount(rows);
  return toReport(
    rows,
    `${plural(ready, 'row')} ready to ship, ${plural(rows.length - ready, 'row')} refused`,
  );
}

/**
 * Ships the rows the dry run found ready, in one transaction: each row's order ships the lines
 * it has left as one shipment, by the shipments service's rules, mailing once per shipment. The
 * file is checked again under the orders' locks; when the rows ready are not those the dry run
 * found (an order shipped or cancelled meanwhile), nothing ships (409).
 */
export function applyShipmentCsv(db: Db, input: ShipmentCsvApplyInput, mail: MailSettings) {
  return db.transaction(async (tx) => {
    const rows = await checkFile(tx, input.csv, true);
    const ready = rows.filter((row) => row.errors.length === 0);
    const expected = [...new Set(input.rows)].sort((a, b) => a - b);
    if (
      expected.length !== ready.length ||
      ready.some((row, i) => row.row !== expected[i]) ||
      expected.length !== input.rows.length
    ) {
      throw conflict('The file no longer checks as it did: check it again before shipping');
    }
    const made = [];
    for (const row of ready) {
      made.push(
        await shipLines(
          tx,
          {
            orderId: row.orderId!,
            lines: row.lineIds,
            courier: row.courier!,
            trackingNumber: row.trackingNumber,
            shippedOn: row.shippedOn!,
          },
          mail,
        ),
      );
    }
    return toReport(
      rows,
      `Shipped ${plural(made.length, 'order')}: ${made.map((s) => orderReference(s.orderId)).join(', ')}`,
      made,
    );
  });
}
