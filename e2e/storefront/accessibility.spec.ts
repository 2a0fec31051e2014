import { placeOrder } from '../admin/helpers.ts';
import { checkScreen, signUpViaApi, test } from '../fixtures.ts';
import { saveCart, teeLine } from './cart-helpers.ts';

// Every storefront screen against axe's WCAG 2.x A and AA rules (experimental ones included) at
// phone and desktop widths; a screen's own spec checks its states (dialogs, menus, errors).

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 }, hasTouch: width < 768 });

    test('the public pages and sign-in', async ({ page, request }) => {
      // Many screens, each scanned in full.
      test.slow();
      const [tee] = (await (await request.get('/api/product/all?q=Men%20Crew%20T-shirt')).json()) as {
        _id: string;
      }[];
      await checkScreen(page, '/', 'Everyday pieces, made to last.');
      await checkScreen(page, '/products', 'Products Collections');
      await checkScreen(page, `/view?pid=${tee!._id}`, 'Men Crew T-shirt');
      await checkScreen(page, '/about', 'Clothes made with care, for the way you live.');
      await checkScreen(page, '/delivery', 'Delivery options and fees');
      await checkScreen(page, '/privacy', 'Your data, kept to what we need');
      await checkScreen(page, '/cart', 'Cart');
      await checkScreen(page, '/sign-in', 'Sign In');
      await checkScreen(page, '/sign-up', 'Sign Up');
      await checkScreen(page, '/forgot-password', 'Forgot your password?');
      await checkScreen(page, '/no-such-page', 'Not Found!');
    });

    test("a shopper's account, cart and confirmation", async ({ page, baseURL }) => {
      test.slow();
      const shopper = await signUpViaApi(page.request, baseURL!);
      await page.request.post(`/api/users/addAddress/${shopper.id}`, {
        data: { newAddress: '12 Mabini St, Ermita, Manila 1000' },
        headers: { origin: baseURL! },
      });
      const line = await teeLine(page.request);
      const product = await (await page.request.get(`/api/product/${line.productId}`)).json();
      const order = await placeOrder(page.request, baseURL!, shopper.id, [
        { product, variation: 0, size: 'M', quantity: 1, fee: 0 },
      ]);
      await saveCart(page, [line]);
      await checkScreen(page, '/cart', 'Cart');
      await checkScreen(page, `/confirmation?order=${order._id}`, 'Thank you for purchasing.');
      await checkScreen(page, '/user', shopper.name);
      await checkScreen(page, `/user/update_profile?uid=${shopper.id}`, 'Update Profile');
    });
  });
}
