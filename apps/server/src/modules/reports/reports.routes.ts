import { Readable } from 'node:stream';
import { REPORTS, type ReportName, ReportPeriodQuerySchema, reportFileName, storeDate } from '@habi/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ordersReport, paymentsReport, salesByProductReport, stockReport } from './reports.service.ts';

/** Spreadsheet programs read a CSV as UTF-8 (₱, ñ) only when it starts with the byte order mark. */
const BOM = '\uFEFF';

/** Sends a report's chunks as they are made, as a CSV file download. */
export function sendCsv(reply: FastifyReply, fileName: string, chunks: AsyncGenerator<string>) {
  async function* withBom() {
    yield BOM;
    yield* chunks;
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(withBom()));
}

/** The back office's CSV reports (`/admin/reports/...`): admins only, streamed. */
export default async function reportsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];
  const period: [ReportName, typeof ordersReport][] = [
    ['orders', ordersReport],
    ['payments', paymentsReport],
    ['sales-by-product', salesByProductReport],
  ];
  for (const [name, report] of period) {
    r.get(
      `/${name}`,
      {
        schema: {
          tags,
          summary: REPORTS[name].title,
          querystring: ReportPeriodQuerySchema,
          produces: ['text/csv'],
        },
        onRequest: app.requireAdmin,
      },
      async (request, reply) =>
        sendCsv(reply, reportFileName(name, request.query), report(db, request.query)),
    );
  }
  r.get(
    '/stock',
    {
      schema: { tags, summary: REPORTS.stock.title, querystring: z.strictObject({}), produces: ['text/csv'] },
      onRequest: app.requireAdmin,
    },
    async (_request, reply) =>
      sendCsv(reply, reportFileName('stock', { on: storeDate(new Date()) }), stockReport(db)),
  );
}
