import {
  IdParamsSchema,
  MessageResponseSchema,
  STAFF_MESSAGES,
  StaffInviteAcceptSchema,
  StaffInviteLinkResponseSchema,
  StaffInviteLinkSchema,
  StaffInviteSchema,
  StaffInviteViewSchema,
  StaffListSchema,
  StaffMemberSchema,
  StaffUpdateSchema,
} from '@habi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { staffInvites } from '../../db/schema.ts';
import { audited, recorder, rowOf } from '../audit/index.ts';
import * as staff from './staff.service.ts';

/**
 * The owner's Staff page under `/admin/staff` (the guard reads `staff:manage` from the shared
 * map), and the invite link's two public steps under `/admin/invites`.
 */
export default async function staffRoutes(
  app: FastifyInstance,
  { db, settings }: { db: Db; settings: staff.StaffMailSettings },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const asOwner = { onRequest: app.requireAdmin };
  const message = (extra: z.ZodRawShape) => MessageResponseSchema.extend(extra);

  r.get(
    '/staff',
    { schema: { tags, response: { 200: StaffListSchema } }, ...asOwner },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return staff.listStaff(db);
    },
  );

  r.post(
    '/staff/invites',
    {
      schema: {
        tags,
        body: StaffInviteSchema,
        response: { 201: message({ invite: StaffInviteViewSchema }) },
      },
      ...asOwner,
    },
    async (request, reply) => {
      const invite = await audited(
        db,
        request,
        { entity: 'staff-invite', action: 'invite', id: (made) => made._id, read: rowOf(staffInvites) },
        (tx: Db) => staff.inviteStaff(tx, request.body, request.admin!.id, settings),
      );
      reply.code(201);
      return { message: STAFF_MESSAGES.invited, invite };
    },
  );

  r.post(
    '/staff/invites/:id/resend',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: message({ invite: StaffInviteViewSchema }) } },
      ...asOwner,
    },
    async (request) => ({
      message: STAFF_MESSAGES.resent,
      invite: await audited(
        db,
        request,
        {
          entity: 'staff-invite',
          action: 'resend',
          id: request.params.id,
          read: rowOf(staffInvites, { lock: true }),
        },
        (tx: Db) => staff.resendInvite(tx, request.params.id, settings),
      ),
    }),
  );

  r.delete(
    '/staff/invites/:id',
    { schema: { tags, params: IdParamsSchema, response: { 200: MessageResponseSchema } }, ...asOwner },
    async (request) => {
      await audited(
        db,
        request,
        {
          entity: 'staff-invite',
          action: 'cancel',
          id: request.params.id,
          read: rowOf(staffInvites, { lock: true }),
        },
        (tx: Db) => staff.cancelInvite(tx, request.params.id),
      );
      return { message: STAFF_MESSAGES.cancelled };
    },
  );

  r.patch(
    '/staff/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: StaffUpdateSchema,
        response: { 200: message({ member: StaffMemberSchema }) },
      },
      ...asOwner,
    },
    async (request) => ({
      message: STAFF_MESSAGES.updated,
      member: await staff.updateMember(db, request.params.id, request.body, recorder(request, 'admin')),
    }),
  );

  r.delete(
    '/staff/:id',
    { schema: { tags, params: IdParamsSchema, response: { 200: MessageResponseSchema } }, ...asOwner },
    async (request) => {
      await staff.removeMember(db, request.params.id, recorder(request, 'admin'));
      return { message: STAFF_MESSAGES.removed };
    },
  );

  r.post(
    '/invites/check',
    { schema: { tags, body: StaffInviteLinkSchema, response: { 200: StaffInviteLinkResponseSchema } } },
    async (request) => staff.checkInvite(db, request.body.token),
  );

  r.post(
    '/invites/accept',
    { schema: { tags, body: StaffInviteAcceptSchema, response: { 201: MessageResponseSchema } } },
    async (request, reply) => {
      const row = await staff.acceptInvite(db, request.body);
      await app.startSession(reply, 'admin', row.id);
      reply.code(201);
      return { message: STAFF_MESSAGES.accepted };
    },
  );
}
