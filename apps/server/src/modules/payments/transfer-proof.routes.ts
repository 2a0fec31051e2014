import { IdParamsSchema, OrderSchema, PAYMENT_MESSAGES, TRANSFER_PROOF_FIELD } from '@habi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { readOneImage } from '../../lib/multipart.ts';
import { removeTransferProofs } from '../orders/index.ts';
import { requireOrderOwner } from './order-owner.ts';
import type { TransferProofs } from './transfer-proof.ts';

/** The shopper's screenshot of their transfer: attached by them, read by them and the back office. */
export default async function transferProofRoutes(
  app: FastifyInstance,
  { db, proofs }: { db: Db; proofs: TransferProofs },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];

  // A multipart form of one image (`proof`), beside the reference waiting.
  r.put(
    '/orders/:id/transfer-proof',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: OrderSchema } },
      onRequest: requireOrderOwner(app, db),
    },
    async (request) => {
      const file = await readOneImage(request, TRANSFER_PROOF_FIELD, PAYMENT_MESSAGES.proofMissing);
      const { order, droppedProof } = await proofs.attach(request.params.id, request.customer!.id, file);
      await removeTransferProofs(proofs.store, [droppedProof], request.log);
      return order;
    },
  );

  // A WebP image. It shows the shopper's own account: no shared cache may keep it.
  r.get(
    '/orders/:id/transfer-proof',
    { schema: { tags, params: IdParamsSchema }, onRequest: requireOrderOwner(app, db, { orAdmin: true }) },
    async (request, reply) => {
      const bytes = await proofs.read(request.params.id);
      return reply.header('cache-control', 'private, no-store').type('image/webp').send(bytes);
    },
  );
}
