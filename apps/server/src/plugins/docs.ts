import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas, browsable at /api/docs. */
async function docsPlugin(app: FastifyInstance, { storeName }: { storeName: string }) {
  await app.register(swagger, {
    openapi: {
      info: { title: `${storeName} API`, version: '1.0.0', description: 'Storefront and back office API.' },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

export default fp(docsPlugin, { name: 'docs' });
