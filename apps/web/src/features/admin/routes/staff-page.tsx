import {
  STAFF_ROLE_HINTS,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type StaffInviteInput,
  StaffInviteSchema,
  type StaffInviteView,
  type StaffMember,
  type StaffRole,
} from '@habi/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { Loading, Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useAdminAuth } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useStaff, useStaffChanges } from '../api/staff.ts';
import { AdminDialog, DialogButtons, FormMessage, showServerErrors } from '../components/admin-dialog.tsx';
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { formatInstant } from '../utils/format-instant.ts';

const selectClass =
  'h-10 w-full rounded-lg border border-line bg-white px-3 text-sm text-ink focus:border-ink sm:w-40';

/**
 * Staff (/admin/staff, the owner's): who works in the back office and with which role, the
 * invites waiting, and inviting someone. Changes answer at once; the shop keeps an active owner.
 */
export default function StaffPage() {
  useDocumentTitle('Staff');
  const staff = useStaff();
  const changes = useStaffChanges();
  const [inviting, setInviting] = useState(false);

  return (
    <>
      <PageHeader title="Staff" description="Who runs the shop with you, and what each of them may do.">
        <Button size="sm" onClick={() => setInviting(true)}>
          <MailPlus aria-hidden="true" className="size-4" /> Invite staff
        </Button>
      </PageHeader>
      {staff.isError ? (
        <p role="alert" className="rounded-2xl border border-line bg-white p-8 text-center text-muted">
          {errorMessage(staff.error)}
        </p>
      ) : !staff.data ? (
        <Loading />
      ) : (
        <div className="flex flex-col gap-6">
          <Members members={staff.data.members} changes={changes} />
          <Invites invites={staff.data.invites} changes={changes} />
        </div>
      )}
      {inviting && <InviteDialog onClose={() => setInviting(false)} invite={changes.invite} />}
    </>
  );
}

type Changes = ReturnType<typeof useStaffChanges>;

/** Runs a change and tells its answer in a toast. */
async function told(run: () => Promise<{ message: string }>) {
  try {
    toast.success((await run()).message);
  } catch (error) {
    toast.error(errorMessage(error));
  }
}

function Members({ members, changes }: { members: StaffMember[]; changes: Changes }) {
  const { admin } = useAdminAuth();
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  return (
    <section
      aria-labelledby="members-heading"
      className="overflow-hidden rounded-2xl border border-line bg-white"
    >
      <h2
        id="members-heading"
        className="border-b border-line px-4 py-3 font-sans text-base font-bold tracking-normal"
      >
        Members <span className="font-normal text-muted">({members.length})</span>
      </h2>
      <ul className="divide-y divide-line">
        {members.map((member) => {
          const you = member._id === admin?._id;
          const busy =
            (changes.update.isPending && changes.update.variables?.id === member._id) ||
            (changes.remove.isPending && changes.remove.variables === member._id);
          return (
            <li key={member._id} className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-semibold">
                  <span className="truncate">{member.username}</span>
                  {you && <span className="text-sm font-normal text-muted">(you)</span>}
                  {member.suspended && (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">
                      Suspended
                    </span>
                  )}
                </p>
                <p className="truncate text-sm text-muted">{member.email || 'No email address'}</p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <label className="sr-only" htmlFor={`role-${member._id}`}>
                  Role of {member.username}
                </label>
                <select
                  id={`role-${member._id}`}
                  className={selectClass}
                  value={member.role}
                  disabled={busy}
                  onChange={(event) =>
                    void told(() =>
                      changes.update.mutateAsync({ id: member._id, role: event.target.value as StaffRole }),
                    )
                  }
                >
                  {STAFF_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {STAFF_ROLE_LABELS[role]}
                    </option>
                  ))}
                </select>
                <Button
                  variant="secondary"
                  size="sm"
                  className="rounded-lg"
                  disabled={busy}
                  aria-label={`${member.suspended ? 'Reinstate' : 'Suspend'} ${member.username}`}
                  onClick={() =>
                    void told(() =>
                      changes.update.mutateAsync({ id: member._id, suspended: !member.suspended }),
                    )
                  }
                >
                  {busy && <Spinner className="size-4" />}
                  {member.suspended ? 'Reinstate' : 'Suspend'}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="rounded-lg text-danger"
                  disabled={busy}
                  aria-label={`Remove ${member.username}`}
                  onClick={() => setRemoving(member)}
                >
                  Remove
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDeleteDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        what={
          <>
            <strong className="text-ink">{removing?.username}</strong>’s access to the back office (they are
            signed out everywhere)
          </>
        }
        pending={changes.remove.isPending}
        onProceed={() =>
          void told(() => changes.remove.mutateAsync(removing!._id)).then(() => setRemoving(null))
        }
      />
    </section>
  );
}

function Invites({ invites, changes }: { invites: StaffInviteView[]; changes: Changes }) {
  return (
    <section
      aria-labelledby="invites-heading"
      className="overflow-hidden rounded-2xl border border-line bg-white"
    >
      <h2
        id="invites-heading"
        className="border-b border-line px-4 py-3 font-sans text-base font-bold tracking-normal"
      >
        Invites <span className="font-normal text-muted">({invites.length})</span>
      </h2>
      {invites.length === 0 ? (
        <p className="px-4 py-5 text-sm text-muted">No invites waiting. Invite staff to add someone.</p>
      ) : (
        <ul className="divide-y divide-line">
          {invites.map((invite) => {
            const busy =
              (changes.resend.isPending && changes.resend.variables === invite._id) ||
              (changes.cancel.isPending && changes.cancel.variables === invite._id);
            return (
              <li key={invite._id} className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">
                    {invite.name}{' '}
                    <span className="font-normal text-muted">· {STAFF_ROLE_LABELS[invite.role]}</span>
                  </p>
                  <p className="truncate text-sm text-muted">{invite.email}</p>
                  <p className={cn('text-sm', invite.expired ? 'font-semibold text-danger' : 'text-muted')}>
                    {invite.expired ? 'Expired' : 'Link works until'} {formatInstant(invite.expiresAt)}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    className="rounded-lg"
                    disabled={busy}
                    aria-label={`Resend the invite to ${invite.email}`}
                    onClick={() => void told(() => changes.resend.mutateAsync(invite._id))}
                  >
                    {busy && <Spinner className="size-4" />}
                    Resend
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="rounded-lg text-danger"
                    disabled={busy}
                    aria-label={`Cancel invite to ${invite.email}`}
                    onClick={() => void told(() => changes.cancel.mutateAsync(invite._id))}
                  >
                    Cancel invite
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

const INVITE_FIELDS = ['email', 'name', 'role'] as const;

function InviteDialog({ onClose, invite }: { onClose(): void; invite: Changes['invite'] }) {
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<StaffInviteInput>({
    resolver: zodResolver(StaffInviteSchema),
    defaultValues: { email: '', name: '', role: 'fulfilment' },
  });
  const role = watch('role');
  const submit = handleSubmit(async (values) => {
    try {
      const { message } = await invite.mutateAsync(values);
      toast.success(message);
      onClose();
    } catch (error) {
      showServerErrors(error, INVITE_FIELDS, setError, 'email');
    }
  });
  return (
    <AdminDialog
      title="Invite staff"
      description="They get a mail with a link to choose a username and a password. The link works once, for 7 days."
      pending={invite.isPending}
      onClose={onClose}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Email" error={errors.email?.message}>
          {({ control }) => <Input {...control} type="email" autoComplete="off" {...register('email')} />}
        </Field>
        <Field label="Name" error={errors.name?.message}>
          {({ control }) => <Input {...control} autoComplete="off" {...register('name')} />}
        </Field>
        <Field label="Role" error={errors.role?.message} hint={STAFF_ROLE_HINTS[role] ?? ''}>
          {({ control }) => (
            <select
              {...control}
              className={cn(selectClass, 'h-12 rounded-xl px-4 text-base sm:w-full')}
              {...register('role')}
            >
              {STAFF_ROLES.map((option) => (
                <option key={option} value={option}>
                  {STAFF_ROLE_LABELS[option]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <FormMessage message={errors.root?.server?.message} />
        <DialogButtons submitLabel="Send invite" pending={invite.isPending} onCancel={onClose} />
      </form>
    </AdminDialog>
  );
}
