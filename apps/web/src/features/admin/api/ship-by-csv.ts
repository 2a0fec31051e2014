import type { ShipmentCsvApplyInput, ShipmentCsvReport } from '@habi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { ChosenCsv } from '../hooks/use-csv-upload.ts';

/** `POST /shipments/csv/check`: the dry run, each row with its problems; nothing changes. */
export function checkShipmentCsv(csv: string) {
  return request<ShipmentCsvReport>('/shipments/csv/check', { method: 'POST', json: { csv } });
}

/** `POST /shipments/csv`: ships the rows the dry run found ready, all or none. */
export function applyShipmentCsv(body: ShipmentCsvApplyInput) {
  return request<ShipmentCsvReport>('/shipments/csv', { method: 'POST', json: body });
}

export function useCheckShipmentCsv() {
  return useMutation({ mutationFn: (file: ChosenCsv) => checkShipmentCsv(file.csv) });
}

/** On success the orders (their lines now To Receive) are read again. */
export function useApplyShipmentCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyShipmentCsv,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
