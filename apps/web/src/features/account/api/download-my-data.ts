import { MY_DATA_FILENAME, type MyData } from '@habi/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** GET /users/me/export: everything the store keeps about the signed-in shopper. */
export function getMyData() {
  return request<MyData>('/users/me/export');
}

/** Fetches the shopper's data and saves it as a readable JSON file. */
export async function downloadMyData() {
  const data = await getMyData();
  saveFile(MY_DATA_FILENAME, new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
