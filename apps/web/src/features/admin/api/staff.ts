import type {
  MessageResponse,
  StaffInviteAcceptInput,
  StaffInviteInput,
  StaffInviteLinkResponse,
  StaffInviteView,
  StaffList,
  StaffMember,
  StaffUpdateInput,
} from '@habi/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

export const staffKey = ['staff'] as const;

/** GET /admin/staff: the members and the invites waiting (the owner's). */
export function useStaff() {
  return useQuery({
    queryKey: staffKey,
    queryFn: ({ signal }) => request<StaffList>('/admin/staff', { signal }),
  });
}

/** The Staff page's changes, each reloading the list once answered. */
export function useStaffChanges() {
  const client = useQueryClient();
  const settle = { onSettled: () => client.invalidateQueries({ queryKey: staffKey }) };
  return {
    invite: useMutation({
      mutationFn: (input: StaffInviteInput) =>
        request<MessageResponse & { invite: StaffInviteView }>('/admin/staff/invites', {
          method: 'POST',
          json: input,
        }),
      ...settle,
    }),
    resend: useMutation({
      mutationFn: (id: string) =>
        request<MessageResponse>(`/admin/staff/invites/${encodeURIComponent(id)}/resend`, { method: 'POST' }),
      ...settle,
    }),
    cancel: useMutation({
      mutationFn: (id: string) =>
        request<MessageResponse>(`/admin/staff/invites/${encodeURIComponent(id)}`, { method: 'DELETE' }),
      ...settle,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: StaffUpdateInput & { id: string }) =>
        request<MessageResponse & { member: StaffMember }>(`/admin/staff/${encodeURIComponent(id)}`, {
          method: 'PATCH',
          json: input,
        }),
      ...settle,
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        request<MessageResponse>(`/admin/staff/${encodeURIComponent(id)}`, { method: 'DELETE' }),
      ...settle,
    }),
  };
}

/** POST /admin/invites/check: whether the mailed invite still works, asked once as the page opens. */
export function useInviteLink(token: string | null) {
  return useQuery({
    queryKey: ['staff-invite', token ?? ''],
    queryFn: () =>
      request<StaffInviteLinkResponse>('/admin/invites/check', { method: 'POST', json: { token } }),
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /admin/invites/accept: opens the account and signs in. */
export function useAcceptInvite() {
  return useMutation({
    mutationFn: (input: StaffInviteAcceptInput) =>
      request<MessageResponse>('/admin/invites/accept', { method: 'POST', json: input }),
  });
}
