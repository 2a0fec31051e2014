import {
  BarangaysResponseSchema,
  CityCodeParamsSchema,
  type PlacesResponse,
  PlacesResponseSchema,
} from '@habi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { barangaysOf, placesJson } from './places.ts';

/** The list changes with a PSGC release, that is with a deploy: a day in any cache is fine. */
const CACHE = 'public, max-age=86400';

/** The PSGC places for the address picker: public, the same for everyone, cached. */
export default async function placesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['places'];

  // Sent as the JSON text written once at start: 90 kB is not checked against the schema (which
  // documents it) on every answer.
  app.get('/', { schema: { tags, response: { 200: PlacesResponseSchema } } }, (_request, reply) => {
    reply.header('cache-control', CACHE).type('application/json; charset=utf-8');
    return reply.send(placesJson as unknown as PlacesResponse);
  });

  r.get(
    '/cities/:code/barangays',
    { schema: { tags, params: CityCodeParamsSchema, response: { 200: BarangaysResponseSchema } } },
    (request, reply) => {
      const barangays = barangaysOf(request.params.code);
      if (barangays.length === 0) throw notFound('City or municipality not found');
      reply.header('cache-control', CACHE);
      return { barangays };
    },
  );
}
