import {
  AddAddressSchema,
  AddressListResponseSchema,
  DeleteAccountSchema,
  DeleteAddressSchema,
  IdParamsSchema,
  MessageResponseSchema,
  MY_DATA_FILENAME,
  MyDataSchema,
  ProfileSchema,
  SignInSchema,
  SignUpSchema,
  TOTAL_COUNT_HEADER,
  UserListQuerySchema,
  UserSchema,
  UserUpdateResponseSchema,
  WRONG_PASSWORD_MESSAGE,
} from '@habi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { adminDeleteRoute } from '../../lib/admin-delete-route.ts';
import { refuseCommonPassword } from '../../lib/common-passwords.ts';
import { badInput } from '../../lib/errors.ts';
import { parseFields, readMultipart } from '../../lib/multipart.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { type AccountMailSettings, requestEmailChange } from '../accounts/index.ts';
import { recorder } from '../audit/index.ts';
import {
  throttledPasswordCheck,
  throttledSignIn,
  throttleEmailLink,
  throttlePictureUpload,
  throttleSignUp,
} from '../auth/index.ts';
import type { ImageStore } from '../uploads/index.ts';
import { changePicture } from '../uploads/index.ts';
import * as users from './users.service.ts';

/** `proofs`: the shoppers' transfer screenshots, which an erased customer's orders let go. */
type Deps = { db: Db; images: ImageStore; proofs: ImageStore; settings: AccountMailSettings };

export default async function usersRoutes(app: FastifyInstance, deps: Deps) {
  // In the order the API lists them (the OpenAPI document and the fuzz tests follow it).
  sessionRoutes(app, deps);
  profileRoutes(app, deps);
  myDataRoutes(app, deps);
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  r.get(
    '/all',
    {
      schema: { tags, querystring: UserListQuerySchema, response: { 200: z.array(UserSchema) } },
      onRequest: app.requireAdmin,
    },
    async (request, reply) => {
      const { users: list, total } = await users.listUsers(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return list;
    },
  );

  r.post(
    '/addAddress/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: AddAddressSchema,
        response: { 200: AddressListResponseSchema },
      },
      onRequest: app.requireCustomerSelf('id'),
    },
    async (request) => {
      const saved = await users.addAddress(db, request.customer!, request.body);
      return { message: 'New address added.', ...saved };
    },
  );

  r.delete(
    '/deleteAddress/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: DeleteAddressSchema,
        response: { 200: AddressListResponseSchema },
      },
      onRequest: app.requireCustomerSelf('id'),
    },
    async (request) => {
      const saved = await users.removeAddress(db, request.customer!, request.body.address);
      return { message: 'Address Deleted', ...saved };
    },
  );

  adminDeleteRoute(app, {
    tags,
    remove: (id, request) => users.deleteCustomer(db, deps, id, app.log, recorder(request, 'customer')),
    message: 'User deleted successfully',
  });
}

/** Signing up, in and out, and who is signed in. */
function sessionRoutes(app: FastifyInstance, { db, settings }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  r.post(
    '/sign-up',
    { schema: { tags, body: SignUpSchema, response: { 201: MessageResponseSchema } } },
    async (request, reply) => {
      // Refused before it counts: a common password says nothing of whether the email is taken.
      refuseCommonPassword(request.body.password);
      await throttleSignUp(db, request, reply);
      const customer = await users.registerCustomer(db, request.body, settings);
      await app.startSession(reply, 'customer', customer.id);
      return reply.status(201).send({ message: 'Account created. Welcome to the store!' });
    },
  );

  r.post(
    '/sign-in',
    { schema: { tags, body: SignInSchema, response: { 200: MessageResponseSchema } } },
    async (request, reply) => {
      const { email, password } = request.body;
      const customer = await throttledSignIn(db, request, reply, {
        kind: 'customer',
        account: email,
        authenticate: () => users.authenticateCustomer(db, email, password),
        failMessage: 'Invalid email or password',
      });
      await app.startSession(reply, 'customer', customer.id, customer.passwordHash);
      return { message: 'Signed in successfully' };
    },
  );

  r.post(
    '/logout',
    { schema: { tags, response: { 200: MessageResponseSchema } } },
    async (request, reply) => {
      await app.endSession(request, reply, 'customer');
      return { message: 'Logged out' };
    },
  );

  // Asked on every storefront page: a visitor gets null, not an error.
  r.get(
    '/current',
    { schema: { tags, response: { 200: UserSchema.nullable() } }, onRequest: app.loadCustomer },
    async (request) => (request.customer ? users.toUser(request.customer) : null),
  );
}

/** A customer's own profile. */
function profileRoutes(app: FastifyInstance, { db, images, settings }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  r.patch(
    '/:id',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: UserUpdateResponseSchema } },
      onRequest: app.requireCustomerSelf('id'),
    },
    async (request, reply) => {
      const form = await readMultipart(request, ['imageUrl']);
      const fields = parseFields(ProfileSchema, form.fields);
      const [file, ...extra] = form.files.imageUrl ?? [];
      if (extra.length > 0) throw badInput('Choose one image');
      if (file) await throttlePictureUpload(db, reply, 'customer', request.params.id);
      // A new address is the account's once the link mailed to it is followed; until then the
      // profile keeps the old one, and the answer is the same whether or not the new one is taken.
      const customer = request.customer!;
      const pendingEmail =
        fields.email.toLowerCase() === customer.email ? undefined : fields.email.toLowerCase();
      if (pendingEmail) await throttleEmailLink(db, request, reply, customer.id);
      const row = await changePicture(
        db,
        images,
        file,
        (storeImage) =>
          users.updateProfile(db, request.params.id, { ...fields, email: customer.email }, storeImage),
        request.log,
      );
      if (pendingEmail)
        await db.transaction((tx) => requestEmailChange(tx, customer, pendingEmail, settings));
      const { _id, name, email, contactNumber, imageUrl: image } = users.toUser(row);
      return {
        message: 'User update successfully',
        _id,
        name,
        email,
        contactNumber,
        imageUrl: image,
        ...(pendingEmail ? { pendingEmail } : {}),
      };
    },
  );
}

/** The signed-in customer's own data: a download of all of it, and erasure. */
function myDataRoutes(app: FastifyInstance, { db, images, proofs }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  r.get(
    '/me/export',
    { schema: { tags, response: { 200: MyDataSchema } }, onRequest: app.requireCustomer },
    async (request, reply) => {
      reply
        .header('content-disposition', `attachment; filename="${MY_DATA_FILENAME}"`)
        .header('cache-control', 'no-store');
      return users.exportCustomerData(db, request.customer!);
    },
  );

  r.delete(
    '/me',
    {
      schema: { tags, body: DeleteAccountSchema, response: { 200: MessageResponseSchema } },
      onRequest: app.requireCustomer,
    },
    async (request, reply) => {
      const customer = request.customer!;
      await throttledPasswordCheck(db, reply, {
        kind: 'customer',
        subjectId: customer.id,
        verify: () => verifyPassword(customer.passwordHash, request.body.password),
        failMessage: WRONG_PASSWORD_MESSAGE,
      });
      await users.deleteCustomer(db, { images, proofs }, customer.id, request.log);
      await app.endSession(request, reply, 'customer');
      return { message: 'Your account has been deleted' };
    },
  );
}
