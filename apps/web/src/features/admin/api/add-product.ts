import type { MessageResponse, ProductStockInput, SizeChartRow } from '@habi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError } from '../../../lib/api-client.ts';
import { refreshStoreData } from '../../../lib/query-keys.ts';

/** A chosen select option as it travels: `{label, value}`. */
export interface ChosenOption<T> {
  label: string;
  value: T;
}

/** The multipart body of `POST /product/add`. */
export interface NewProductForm {
  image: File;
  variationImages: File[];
  name: string;
  description: string;
  /** As typed, "₱1,299.00"; the leading currency symbol is removed when sent. */
  priceText: string;
  size: ChosenOption<readonly string[]> | null;
  category: ChosenOption<string> | null;
  subCategory: ChosenOption<string> | null;
  variationsName: string[];
  /** Given, the product tracks stock; absent, it sells without limit and no `stock` field is sent. */
  stock?: ProductStockInput;
  /** The product's own size chart; null or absent, its category's (no `sizeChart` field is sent). */
  sizeChart?: SizeChartRow[] | null;
}

const UNKNOWN = 'An unknown error occurred';
const optionText = (option: ChosenOption<unknown> | null) => (option ? JSON.stringify(option) : '');

export function productFormData(input: NewProductForm): FormData {
  const form = new FormData();
  form.append('imageUrl', input.image);
  for (const file of input.variationImages) form.append('varImgUrls', file);
  form.append('name', input.name);
  form.append('description', input.description);
  form.append('price', input.priceText.replace(/^\D+/, ''));
  form.append('size', optionText(input.size));
  form.append('category', optionText(input.category));
  form.append('subCategory', optionText(input.subCategory));
  form.append('variationsName', JSON.stringify(input.variationsName));
  if (input.stock) form.append('stock', JSON.stringify(input.stock));
  if (input.sizeChart) form.append('sizeChart', JSON.stringify(input.sizeChart));
  return form;
}

/**
 * `POST /product/add`. XMLHttpRequest rather than fetch because only it reports upload
 * progress, which large images need (fetch has no upload progress events).
 */
export function addProduct(input: NewProductForm, onProgress?: (percent: number) => void) {
  return new Promise<MessageResponse>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/product/add`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: { message?: unknown; errors?: Record<string, string> } = {};
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : {};
      } catch {
        body = {};
      }
      const message = typeof body.message === 'string' ? body.message : '';
      if (xhr.status >= 200 && xhr.status < 300) resolve({ message: message || 'Product added' });
      else reject(new ApiError(xhr.status, message || UNKNOWN, body.errors));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error. Check your connection and try again.'));
    xhr.send(productFormData(input));
  });
}

export function useAddProduct(onProgress?: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewProductForm) => addProduct(input, onProgress),
    onSuccess: () => refreshStoreData(queryClient),
  });
}
