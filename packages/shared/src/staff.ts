import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { AdminPasswordSchema, UsernameSchema } from './schemas/auth.ts';
import { EmailSchema, singleLineText } from './schemas/common.ts';

/**
 * Staff roles in the back office (docs/decisions/017-staff-roles.md). The owner may do
 * everything; the others what `PERMISSIONS` gives them. The server's guard and the back office's
 * menus, buttons and pages all read the two maps below, so a role sees what it may use.
 */
export const STAFF_ROLES = ['owner', 'manager', 'fulfilment', 'support'] as const;
export const StaffRoleSchema = z.enum(STAFF_ROLES, { message: 'Choose a role' });
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  fulfilment: 'Fulfilment',
  support: 'Support',
};

/** What each role is for, as the invite form explains it. */
export const STAFF_ROLE_HINTS: Record<StaffRole, string> = {
  owner: 'Everything, including staff and where payments go',
  manager: 'Catalogue, stock, orders, payments on orders, discounts and reports',
  fulfilment: 'Orders, shipments, packing slips and returns; no money figures beyond an order’s total',
  support: 'Reads orders, returns and customers; changes nothing',
};

const ALL: readonly StaffRole[] = STAFF_ROLES;
const OWNER_MANAGER: readonly StaffRole[] = ['owner', 'manager'];

/** Each permission and the roles that hold it. */
export const PERMISSIONS = {
  /** One's own profile, password and sessions. */
  'self:manage': ALL,
  'staff:manage': ['owner'],
  'products:read': OWNER_MANAGER,
  'products:write': OWNER_MANAGER,
  'orders:read': ALL,
  /** Item statuses. */
  'orders:write': ['owner', 'manager', 'fulfilment'],
  'orders:delete': OWNER_MANAGER,
  /** Shipments, shipping by CSV and packing slips. */
  'shipments:write': ['owner', 'manager', 'fulfilment'],
  'returns:read': ALL,
  /** Approve, refuse, received, ship a replacement: no money moves. */
  'returns:write': ['owner', 'manager', 'fulfilment'],
  'returns:settings': OWNER_MANAGER,
  'customers:read': ['owner', 'manager', 'support'],
  /** Erasing a shopper's account cannot be undone. */
  'customers:delete': ['owner'],
  'subscribers:read': OWNER_MANAGER,
  'emails:read': ['owner', 'manager', 'support'],
  'discounts:manage': OWNER_MANAGER,
  /** Dashboard and reports: sales figures. */
  'reports:read': OWNER_MANAGER,
  /** Line prices, fees, discounts, paid and refunded sums, refund amounts: beyond an order's total. */
  'money:read': ['owner', 'manager', 'support'],
  /** An order's ledger and a shopper's transfer screenshot. */
  'payments:read': ['owner', 'manager', 'support'],
  /** Cash collected, transfers confirmed or rejected, refunds. */
  'payments:write': OWNER_MANAGER,
  /** Payment methods and the shop's own accounts shoppers pay into. */
  'payments:settings': ['owner'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type Permission = keyof typeof PERMISSIONS;

export const can = (role: StaffRole | undefined, permission: Permission): boolean =>
  role !== undefined && (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);

/**
 * Every route that needs a back-office session, by method and path as the server registers
 * it, and the permission it needs. The server refuses (500) an admin route missing here, and a
 * test fails for one: a new admin route is declared here or it does not work.
 */
export const ADMIN_ROUTE_PERMISSIONS: Record<string, Permission> = {
  'GET /api/admin': 'self:manage',
  'PATCH /api/admin/:id': 'self:manage',
  'POST /api/admin/me/password': 'self:manage',
  'GET /api/admin/me/sessions': 'self:manage',
  'DELETE /api/admin/me/sessions/:id': 'self:manage',
  'DELETE /api/admin/me/sessions': 'self:manage',
  'GET /api/admin/staff': 'staff:manage',
  'POST /api/admin/staff/invites': 'staff:manage',
  'POST /api/admin/staff/invites/:id/resend': 'staff:manage',
  'DELETE /api/admin/staff/invites/:id': 'staff:manage',
  'PATCH /api/admin/staff/:id': 'staff:manage',
  'DELETE /api/admin/staff/:id': 'staff:manage',
  // The audit log watches the staff: the owner's, with the staff.
  'GET /api/admin/audit': 'staff:manage',
  'GET /api/admin/audit/facets': 'staff:manage',
  'GET /api/admin/audit/export': 'staff:manage',
  'GET /api/users/all': 'customers:read',
  'DELETE /api/users/delete/:id': 'customers:delete',
  'GET /api/product/admin-list': 'products:read',
  'POST /api/product/add': 'products:write',
  'PATCH /api/product/edit/:id': 'products:write',
  'PATCH /api/product/stock/:id': 'products:write',
  'DELETE /api/product/delete/:id': 'products:write',
  'GET /api/size-charts': 'products:read',
  'PUT /api/size-charts/:category/:kind': 'products:write',
  'GET /api/orders/all': 'orders:read',
  'GET /api/orders/:id': 'orders:read',
  'PATCH /api/orders/statusUpdate/:id': 'orders:write',
  'PATCH /api/orders/checkAndUpdateOrder/:id': 'orders:write',
  'DELETE /api/orders/delete/:id': 'orders:delete',
  'POST /api/shipments': 'shipments:write',
  'PATCH /api/shipments/:id/delivered': 'shipments:write',
  'POST /api/shipments/csv/check': 'shipments:write',
  'POST /api/shipments/csv': 'shipments:write',
  'GET /api/shipments/packing-slips': 'shipments:write',
  'GET /api/returns': 'returns:read',
  'GET /api/returns/:id/photos/:n': 'returns:read',
  'GET /api/returns/report': 'reports:read',
  'GET /api/returns/settings': 'returns:settings',
  'PUT /api/returns/settings': 'returns:settings',
  'POST /api/returns/:id/approve': 'returns:write',
  'POST /api/returns/:id/refuse': 'returns:write',
  'POST /api/returns/:id/received': 'returns:write',
  'POST /api/returns/:id/replacement': 'returns:write',
  'POST /api/returns/:id/refund': 'payments:write',
  'GET /api/admin/emails': 'emails:read',
  'GET /api/admin/emails/:id': 'emails:read',
  'GET /api/admin/discounts': 'discounts:manage',
  'GET /api/admin/discounts/:id': 'discounts:manage',
  'POST /api/admin/discounts': 'discounts:manage',
  'PATCH /api/admin/discounts/:id': 'discounts:manage',
  'GET /api/admin/subscribers': 'subscribers:read',
  'GET /api/admin/subscribers/export': 'subscribers:read',
  'GET /api/admin/dashboard': 'reports:read',
  'GET /api/admin/reports/orders': 'reports:read',
  'GET /api/admin/reports/payments': 'reports:read',
  'GET /api/admin/reports/sales-by-product': 'reports:read',
  'GET /api/admin/reports/stock': 'reports:read',
  'GET /api/admin/catalogue/csv': 'products:read',
  'POST /api/admin/catalogue/csv/check': 'products:write',
  'POST /api/admin/catalogue/csv': 'products:write',
  'POST /api/admin/catalogue/zip/check': 'products:write',
  'POST /api/admin/catalogue/zip': 'products:write',
  'GET /api/payments/settings': 'payments:settings',
  'PUT /api/payments/settings': 'payments:settings',
  'POST /api/payments/accounts': 'payments:settings',
  'PUT /api/payments/accounts/:id': 'payments:settings',
  'DELETE /api/payments/accounts/:id': 'payments:settings',
  'PUT /api/payments/accounts/:id/qr-image': 'payments:settings',
  'DELETE /api/payments/accounts/:id/qr-image': 'payments:settings',
  'GET /api/payments/orders/:id/transfer-proof': 'payments:read',
  'GET /api/payments/orders/:id/ledger': 'payments:read',
  'POST /api/payments/orders/:id/collections': 'payments:write',
  'POST /api/payments/orders/:id/transfer/confirm': 'payments:write',
  'POST /api/payments/orders/:id/transfer/reject': 'payments:write',
  'POST /api/payments/orders/:id/refunds': 'payments:write',
};

/** What a staff member without the route's permission is told (403). */
export const NO_ACCESS_MESSAGE = 'You do not have access to this part of the back office';

/** How long an invite's link works. */
export const STAFF_INVITE_DAYS = 7;

export const STAFF_MESSAGES = {
  invited: 'Invite sent',
  resent: 'Invite sent again',
  cancelled: 'Invite cancelled',
  updated: 'Staff member updated',
  removed: 'Staff member removed',
  accepted: 'Welcome! Your account is ready and you are signed in.',
  badLink:
    'This invite link is not valid, has expired, has been cancelled or has been used already. Ask the shop’s owner for a new invite.',
  lastOwner: 'The shop needs at least one active owner. Make someone else an owner first.',
  memberTaken: 'A staff member already uses this email address',
  inviteTaken: 'This address already has an invite waiting. Send it again from the list instead.',
  notFound: 'Staff member not found',
  inviteNotFound: 'Invite not found',
} as const;

const InviteTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: STAFF_MESSAGES.badLink });

/** `POST /admin/staff/invites`. */
export const StaffInviteSchema = z.strictObject({
  email: EmailSchema,
  name: singleLineText()
    .trim()
    .min(LIMITS.nameMin, { message: 'Too short' })
    .max(LIMITS.nameMax, { message: 'Too long' }),
  role: StaffRoleSchema,
});
export type StaffInviteInput = z.infer<typeof StaffInviteSchema>;

/** `PATCH /admin/staff/:id`: a new role, or suspend (true) / reinstate (false). */
export const StaffUpdateSchema = z
  .strictObject({ role: StaffRoleSchema.optional(), suspended: z.boolean().optional() })
  .refine((body) => body.role !== undefined || body.suspended !== undefined, {
    message: 'Send a role or whether the member is suspended',
  });
export type StaffUpdateInput = z.infer<typeof StaffUpdateSchema>;

/** `POST /admin/invites/check`: whether an invite link still works. */
export const StaffInviteLinkSchema = z.strictObject({ token: InviteTokenSchema });

/** `POST /admin/invites/accept`: the invitee chooses a username and a password. */
export const StaffInviteAcceptSchema = z.strictObject({
  token: InviteTokenSchema,
  username: UsernameSchema,
  password: AdminPasswordSchema,
});
export type StaffInviteAcceptInput = z.infer<typeof StaffInviteAcceptSchema>;

/** What a working invite link answers. */
export const StaffInviteLinkResponseSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: StaffRoleSchema,
});
export type StaffInviteLinkResponse = z.infer<typeof StaffInviteLinkResponseSchema>;

export const StaffMemberSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  role: StaffRoleSchema,
  suspended: z.boolean(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const StaffInviteViewSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: StaffRoleSchema,
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type StaffInviteView = z.infer<typeof StaffInviteViewSchema>;

export const StaffListSchema = z.object({
  members: z.array(StaffMemberSchema),
  invites: z.array(StaffInviteViewSchema),
});
export type StaffList = z.infer<typeof StaffListSchema>;
