import {
  AdminProfileSchema,
  AdminSchema,
  AdminSignInSchema,
  AdminUpdateResponseSchema,
  IdParamsSchema,
  MessageResponseSchema,
} from '@habi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { badInput, HttpError } from '../../lib/errors.ts';
import { parseFields, readMultipart } from '../../lib/multipart.ts';
import { audit, recorder } from '../audit/index.ts';
import { findSessionAdmin, SESSION_COOKIES, throttledSignIn, throttlePictureUpload } from '../auth/index.ts';
import type { ImageStore } from '../uploads/index.ts';
import { changePicture } from '../uploads/index.ts';
import * as adminsService from './admins.service.ts';

export default async function adminsRoutes(
  app: FastifyInstance,
  { db, images }: { db: Db; images: ImageStore },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get(
    '/',
    { schema: { tags, response: { 200: AdminSchema } }, onRequest: app.requireAdmin },
    async (request) => adminsService.toAdmin(request.admin!),
  );

  r.post(
    '/sign-in',
    { schema: { tags, body: AdminSignInSchema, response: { 200: MessageResponseSchema } } },
    async (request, reply) => {
      const { username, password } = request.body;
      const admin = await throttledSignIn(db, request, reply, {
        kind: 'admin',
        account: username,
        authenticate: () => adminsService.authenticateAdmin(db, username, password),
        failMessage: 'Invalid username or password',
      }).catch(async (error: unknown) => {
        // A refused password is kept under the account it named; a name no admin has is not
        // kept (it may be a password typed in the wrong box).
        if (error instanceof HttpError && error.statusCode === 401) {
          const named = await adminsService.findAdminByUsername(db, username);
          const actor = named
            ? { id: named.id, username: named.username }
            : { id: null, username: '[unknown]' };
          await audit(db, request, { entity: 'admin-session', action: 'sign-in-failed', actor });
        }
        throw error;
      });
      // Sessions are the auth plugin's to write: the row follows the session in a statement of
      // its own (a crash between them loses the row, never the session's record the other way).
      await app.startSession(reply, 'admin', admin.id, admin.passwordHash);
      await audit(db, request, {
        entity: 'admin-session',
        action: 'sign-in',
        actor: { id: admin.id, username: admin.username },
      });
      return { message: `Welcome back, ${admin.username}!` };
    },
  );

  r.post(
    '/sign-out',
    { schema: { tags, response: { 200: MessageResponseSchema } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIES.admin];
      const session = token ? await findSessionAdmin(db, token) : null;
      await app.endSession(request, reply, 'admin');
      if (session) {
        await audit(db, request, {
          entity: 'admin-session',
          id: session.sessionId,
          action: 'sign-out',
          actor: { id: session.subject.id, username: session.subject.username },
        });
      }
      return { message: 'Signed out' };
    },
  );

  r.patch(
    '/:id',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: AdminUpdateResponseSchema } },
      onRequest: app.requireAdminSelf('id'),
    },
    async (request, reply) => {
      const form = await readMultipart(request, ['imageUrl']);
      const fields = parseFields(AdminProfileSchema, form.fields);
      const [file, ...extra] = form.files.imageUrl ?? [];
      if (extra.length > 0) throw badInput('Choose one image');
      if (file) await throttlePictureUpload(db, reply, 'admin', request.params.id);
      const row = await changePicture(
        db,
        images,
        file,
        (storeImage) =>
          adminsService.updateAdminProfile(
            db,
            request.params.id,
            fields,
            recorder(request, 'admin'),
            storeImage,
          ),
        request.log,
      );
      return { message: 'Profile updated successfully', ...adminsService.toAdmin(row) };
    },
  );
}
