import type {
  ReceiveReturnInput,
  RefundReturnInput,
  ReplacementShipmentInput,
  ReturnReason,
  ReturnReport,
  ReturnSettings,
  ReturnStatus,
  StaffReturnRequest,
  StaffReturnResponse,
} from '@habi/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getListPage, type ListParams } from './list.ts';

// The back office's returns (`/returns`): the list, the report, the window, and each step. The
// keys sit under the orders' own: a step changes orders (their payments, a shipment) too.

const returnsKey = [...queryKeys.orders.all, 'returns'] as const;

export type ReturnParams = ListParams<never> & { status?: ReturnStatus; reason?: ReturnReason };

/** `GET /returns`: a page of requests, newest first, searched by customer, filtered by status and reason. */
export const returnsQueryOptions = ({ status, reason, ...params }: ReturnParams) =>
  queryOptions({
    queryKey: [...returnsKey, 'list', { status, reason, ...params }],
    queryFn: ({ signal }) =>
      getListPage<StaffReturnRequest, never>('/returns', params, signal, { status, reason }),
    placeholderData: keepPreviousData,
  });
export const useReturns = (params: ReturnParams) => useQuery(returnsQueryOptions(params));

/** `GET /returns/report`: counts and rates by reason and by product. */
export const useReturnReport = () =>
  useQuery({
    queryKey: [...returnsKey, 'report'],
    queryFn: ({ signal }) => request<ReturnReport>('/returns/report', { signal }),
  });

/** `GET /returns/settings` and `PUT /returns/settings`: the shop's window in days. */
export const useReturnSettings = () =>
  useQuery({
    queryKey: [...returnsKey, 'settings'],
    queryFn: ({ signal }) => request<ReturnSettings>('/returns/settings', { signal }),
  });

export type ReturnStep =
  | { step: 'approve' }
  | { step: 'refuse'; reason: string }
  | { step: 'received'; body: ReceiveReturnInput }
  | { step: 'replacement'; body: ReplacementShipmentInput }
  | { step: 'refund'; body: RefundReturnInput };

/** `POST /returns/{id}/{step}`: approve, refuse, received, replacement, refund. */
export function takeStep({ id, ...step }: ReturnStep & { id: string }) {
  const json =
    step.step === 'refuse' ? { reason: step.reason } : step.step === 'approve' ? undefined : step.body;
  return request<StaffReturnResponse>(`/returns/${encodeURIComponent(id)}/${step.step}`, {
    method: 'POST',
    ...(json === undefined ? {} : { json }),
  });
}

/** Every step reads the returns, the orders and the products (stock) again. */
export function useReturnStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeStep,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.products.all });
    },
  });
}

export function useSaveReturnSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnSettings) =>
      request<ReturnSettings>('/returns/settings', { method: 'PUT', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: returnsKey }),
  });
}
