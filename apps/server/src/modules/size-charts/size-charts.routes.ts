import {
  IdParamsSchema,
  ProductSizeChartSchema,
  SIZE_CHART_KIND_LABELS,
  SizeChartInputSchema,
  SizeChartParamsSchema,
  SizeChartSchema,
} from '@habi/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { sizeCharts } from '../../db/schema.ts';
import { audited } from '../audit/index.ts';
import { createCatalogueCache, type VersionsRaised } from '../products/index.ts';
import { listSizeCharts, productSizeChart, saveSizeChart } from './size-charts.service.ts';

/** A product's chart is a few hundred bytes: a small cache holds every product page's. */
const CACHE_LIMITS = { name: 'size-charts', entries: 2000, bytes: 2 * 1024 * 1024 };

type Deps = { db: Db; versionsRaised?: VersionsRaised };

export default async function sizeChartsRoutes(app: FastifyInstance, { db, versionsRaised }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['size charts'];
  const catalogue = createCatalogueCache(db, CACHE_LIMITS, versionsRaised);

  // The storefront's Size Guide: kept like the catalogue's answers, until the catalogue changes
  // (a chart's edit raises its version).
  r.get(
    '/product/:id',
    { schema: { tags, params: IdParamsSchema, response: { 200: ProductSizeChartSchema } } },
    (request, reply) =>
      catalogue.reply(request, reply, `size chart ${request.params.id}`, async () => ({
        payload: await productSizeChart(db, request.params.id),
      })),
  );

  r.get(
    '/',
    { schema: { tags, response: { 200: z.array(SizeChartSchema) } }, onRequest: app.requireAdmin },
    () => listSizeCharts(db),
  );

  r.put(
    '/:category/:kind',
    {
      schema: {
        tags,
        params: SizeChartParamsSchema,
        body: SizeChartInputSchema,
        response: { 200: z.object({ message: z.string(), chart: SizeChartSchema }) },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const { category, kind } = request.params;
      // Kept by its place, as "Men/tops": the row a store has for it, or none yet.
      const read = async (tx: Executor) => {
        const [row] = await tx
          .select()
          .from(sizeCharts)
          .where(and(eq(sizeCharts.category, category), eq(sizeCharts.kind, kind)))
          .for('update');
        return row ?? null;
      };
      const chart = await audited(
        db,
        request,
        { entity: 'size-chart', action: 'save', id: `${category}/${kind}`, read },
        (tx: Db) => saveSizeChart(tx, category, kind, request.body.rows),
      );
      return { message: `${category}'s ${SIZE_CHART_KIND_LABELS[kind]} size chart saved`, chart };
    },
  );
}
