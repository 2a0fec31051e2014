import { describe, expect, it } from 'vitest';
import { type NewProductForm, productFormData } from './add-product.ts';

const form: NewProductForm = {
  image: new File(['x'], 'main.png', { type: 'image/png' }),
  variationImages: [],
  name: 'Men Tee Blue',
  description: 'A soft tee.',
  priceText: '₱1,299.00',
  size: null,
  category: null,
  subCategory: null,
  variationsName: [],
};

describe('productFormData', () => {
  it("sends the product's fields and no stock when the product does not track it", () => {
    const data = productFormData(form);
    expect([...data.keys()]).toEqual([
      'imageUrl',
      'name',
      'description',
      'price',
      'size',
      'category',
      'subCategory',
      'variationsName',
    ]);
    expect(data.get('price')).toBe('1,299.00');
  });

  it('sends the stock as JSON when it does', () => {
    const stock = { trackStock: true, quantities: [{ variation: '', size: '', quantity: 12 }] };
    const data = productFormData({ ...form, stock });
    expect(data.get('stock')).toBe(
      '{"trackStock":true,"quantities":[{"variation":"","size":"","quantity":12}]}',
    );
  });
});
