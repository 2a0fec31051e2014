import { checkScreen, signUpViaApi, test } from '../fixtures.ts';
import { adminApi, createProductViaApi, placeOrder, signInAdmin, uniqueTag } from './helpers.ts';

// Every back-office screen against axe's WCAG 2.x A and AA rules (experimental ones included) at
// phone and desktop widths; each page's own spec checks its dialogs, menus and errors.

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 }, hasTouch: width < 768 });

    test('every back-office screen', async ({ page, playwright, baseURL }) => {
      // Many screens, each scanned in full.
      test.slow();
      const api = await adminApi(playwright, baseURL!);
      const tag = uniqueTag();
      const name = `A11y ${tag} Shirt Olive`;
      const productId = await createProductViaApi(api, { name, price: '499.00', variations: [name] });
      const product = await (await api.get(`/api/product/${productId}`)).json();
      await api.dispose();
      const shopper = await playwright.request.newContext({ baseURL });
      const { id } = await signUpViaApi(shopper, baseURL!);
      const order = await placeOrder(shopper, baseURL!, id, [
        { product, variation: 0, size: 'M', quantity: 1, fee: 0 },
      ]);
      await shopper.dispose();

      await checkScreen(page, '/admin/auth', 'Welcome back, Admin!');
      await signInAdmin(page.request, baseURL!);
      await checkScreen(page, '/admin', 'Products List');
      await checkScreen(page, '/admin/add_product', 'Add Product');
      await checkScreen(page, `/admin/product_view/?pid=${productId}`, 'Product Details');
      await checkScreen(page, `/admin/product_edit/?pid=${productId}`, 'Edit Product');
      await checkScreen(page, '/admin/orders', 'Orders List');
      await checkScreen(page, `/admin/product_management?oid=${order._id}`, 'Manage Product Order');
      await checkScreen(page, '/admin/orders/ship_by_csv', 'Ship by CSV');
      await checkScreen(page, `/admin/orders/packing_slips?oid=${order._id}`, 'Packing slips');
      await checkScreen(page, '/admin/users', 'Users List');
      await checkScreen(page, '/admin/payments', 'Payments');
      await checkScreen(page, '/admin/discounts', 'Discounts');
      await checkScreen(page, '/admin/add_discount', 'Add Discount');
      await checkScreen(page, '/admin/subscribers', 'Subscribers');
      await checkScreen(page, '/admin/emails', 'Emails');
      await checkScreen(page, '/admin/audit_log', 'Audit log');
      await checkScreen(page, '/admin/update_admin_profile', 'Update Admin Profile');
      await checkScreen(page, '/admin/no-such-page', 'Not Found!');
    });
  });
}
