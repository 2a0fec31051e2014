/**
 * Every route URL in one place; components and features link through these, never by hand.
 * A plain module in lib/ rather than app/, so layout components and features can import it
 * without reaching up into the router that composes them.
 */
export const paths = {
  home: '/',
  about: '/about',
  delivery: '/delivery',
  privacy: '/privacy',
  products: '/products',
  product: (id: string) => `/view?pid=${encodeURIComponent(id)}`,
  cart: '/cart',
  /** The thank-you page (SPEC's /confirmation) with the order just placed, or paid back from PayMongo. */
  orderConfirmation: (orderId: string) => `/confirmation?order=${encodeURIComponent(orderId)}`,
  signIn: '/sign-in',
  signUp: '/sign-up',
  forgotPassword: '/forgot-password',
  /** The mailed link's page; the link carries `?token=`. */
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  user: '/user',
  userTab: {
    all: '/user',
    toPay: '/user/to-pay_products',
    toReceive: '/user/to-receive_products',
    delivered: '/user/delivered_products',
    cancelled: '/user/cancelled_products',
  },
  updateProfile: (uid: string) => `/user/update_profile?uid=${encodeURIComponent(uid)}`,
  admin: {
    auth: '/admin/auth',
    home: '/admin',
    /** Where an admin lands after signing in; the period goes in its query (`range`, `from`, `to`). */
    dashboard: '/admin/dashboard',
    addProduct: '/admin/add_product',
    orders: '/admin/orders',
    shipByCsv: '/admin/orders/ship_by_csv',
    catalogueCsv: '/admin/catalogue_csv',
    packingSlips: (...oids: string[]) =>
      `/admin/orders/packing_slips?${oids.map((oid) => `oid=${encodeURIComponent(oid)}`).join('&')}`,
    payments: '/admin/payments',
    returns: '/admin/returns',
    manageOrder: (oid: string) => `/admin/product_management?oid=${encodeURIComponent(oid)}`,
    users: '/admin/users',
    emails: '/admin/emails',
    subscribers: '/admin/subscribers',
    auditLog: '/admin/audit_log',
    discounts: '/admin/discounts',
    sizeCharts: '/admin/size_charts',
    addDiscount: '/admin/add_discount',
    discountEdit: (did: string) => `/admin/discount_edit?did=${encodeURIComponent(did)}`,
    profile: '/admin/update_admin_profile',
    staff: '/admin/staff',
    invite: '/admin/invite',
    productView: (pid: string) => `/admin/product_view/?pid=${encodeURIComponent(pid)}`,
    productEdit: (pid: string) => `/admin/product_edit/?pid=${encodeURIComponent(pid)}`,
  },
} as const;
