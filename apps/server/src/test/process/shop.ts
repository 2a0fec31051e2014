import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER } from '@habi/shared';
import sharp from 'sharp';
import { ADMIN, api, cookieFrom } from './server-process.ts';

/** A shop on a running server, driven through its HTTP API only. */

export async function signInAdmin(base: string): Promise<string> {
  const response = await api(base, '/api/admin/sign-in', { method: 'POST', body: ADMIN });
  if (response.status !== 200) throw new Error(`admin sign-in: ${response.status} ${response.text}`);
  return cookieFrom(response.headers);
}

export interface ShopProduct {
  id: string;
  name: string;
  price: string;
}

/** Adds a product through the back office's form, with a generated image. */
export async function addProduct(base: string, adminCookie: string, name: string, price = '500.00') {
  const form = new FormData();
  form.append('name', name);
  form.append('description', 'A product made by the process tests.');
  form.append('price', price);
  form.append('size', JSON.stringify({ label: 'N/A', value: [] }));
  form.append('category', JSON.stringify({ label: 'Men', value: 'Men' }));
  form.append('subCategory', JSON.stringify({ label: 'Tops', value: 'Tops' }));
  form.append('variationsName', '[]');
  const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#884422' } })
    .png()
    .toBuffer();
  form.append('imageUrl', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'main.png');
  const response = await fetch(`${base}/api/product/add`, {
    method: 'POST',
    headers: { origin: base, cookie: adminCookie },
    body: form,
  });
  const body = (await response.json()) as { product: ShopProduct };
  if (response.status !== 201) throw new Error(`add product: ${response.status} ${JSON.stringify(body)}`);
  return body.product as ShopProduct;
}

export interface Customer {
  id: string;
  cookie: string;
}

export async function signUp(base: string): Promise<Customer> {
  const email = `shopper-${randomUUID()}@example.com`;
  const response = await api(base, '/api/users/sign-up', {
    method: 'POST',
    body: { name: 'Process Shopper', email, contactNumber: '+639171234567', password: 'secret123' },
  });
  if (response.status !== 201) throw new Error(`sign-up: ${response.status} ${response.text}`);
  const cookie = cookieFrom(response.headers);
  const me = await api(base, '/api/users/current', { cookie });
  return { id: me.json()._id, cookie };
}

/** A fixed discount code to order with: its code and the pesos it takes off. */
export interface Discount {
  code: string;
  off: string;
}

/** One of the product, FREE delivery: subtotal less any discount, plus 10% tax. */
function orderBody(customer: Customer, product: ShopProduct, paymentMethod?: string, discount?: Discount) {
  const centavos = Math.round((Number(product.price) - Number(discount?.off ?? 0)) * 100);
  const total = ((centavos + Math.round(centavos / 10)) / 100).toFixed(2);
  return {
    userId: customer.id,
    total,
    address: '12 Mabini St, Ermita, Manila 1000',
    ...(paymentMethod ? { paymentMethod } : {}),
    ...(discount ? { discountCode: discount.code } : {}),
    cart: [
      {
        id: product.id,
        name: product.name,
        imageUrl: '',
        price: product.price,
        size: '',
        quantity: 1,
        deliveryOption: { fee: 0 },
      },
    ],
  };
}

/** Places one order (cash on delivery unless told); answers the HTTP status and, when placed, the order's id. */
export async function placeOrder(
  base: string,
  customer: Customer,
  product: ShopProduct,
  key = randomUUID(),
  paymentMethod?: 'cod' | 'transfer' | 'online',
  discount?: Discount,
) {
  const response = await api(base, '/api/orders/placed-order', {
    method: 'POST',
    cookie: customer.cookie,
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
    body: orderBody(customer, product, paymentMethod, discount),
  });
  return {
    status: response.status,
    text: response.text,
    orderId: response.status < 300 ? (response.json().order._id as string) : null,
  };
}

export async function orderIdsOf(base: string, customer: Customer): Promise<string[]> {
  const response = await api(base, `/api/orders/user/${customer.id}`, { cookie: customer.cookie });
  if (response.status !== 200) throw new Error(`orders: ${response.status} ${response.text}`);
  return (response.json() as { _id: string }[]).map((o) => o._id);
}
