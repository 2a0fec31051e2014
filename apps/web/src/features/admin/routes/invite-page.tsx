import {
  STAFF_MESSAGES,
  STAFF_ROLE_HINTS,
  STAFF_ROLE_LABELS,
  StaffInviteAcceptSchema,
  type StaffInviteLinkResponse,
} from '@habi/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { currentAdminQuery } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useAcceptInvite, useInviteLink } from '../api/staff.ts';
import { FormMessage } from '../components/admin-dialog.tsx';
import { BackOfficeCard } from '../components/back-office-card.tsx';
import { landingFor } from '../lib/access.tsx';

const ChooseSchema = StaffInviteAcceptSchema.omit({ token: true });
type Choose = { username: string; password: string };

/** The shape of a token the server mails; anything else is a broken link. */
const inviteToken = (token: string | null) => (token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null);
const isBadLink = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * /admin/invite?token=: the owner's mailed invite. A link that works asks for a username and a
 * password, which open the account with its role and sign in; any other says to ask again.
 */
export default function InvitePage() {
  useDocumentTitle('Join the back office');
  const [search] = useSearchParams();
  const token = inviteToken(search.get('token'));
  const link = useInviteLink(token);
  const [broken, setBroken] = useState(false);

  let body: React.ReactNode;
  if (token === null || broken || (link.isError && isBadLink(link.error))) {
    body = <BadLink message={STAFF_MESSAGES.badLink} />;
  } else if (link.isError) {
    body = <BadLink message={errorMessage(link.error)} />;
  } else if (link.isPending) {
    body = <Loading />;
  } else {
    body = <AcceptForm token={token} invite={link.data} onBroken={() => setBroken(true)} />;
  }
  return <BackOfficeCard>{body}</BackOfficeCard>;
}

function AcceptForm({
  token,
  invite,
  onBroken,
}: {
  token: string;
  invite: StaffInviteLinkResponse;
  onBroken(): void;
}) {
  const accept = useAcceptInvite();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Choose>({
    resolver: zodResolver(ChooseSchema),
    // A username to start from: the address's name part, as long as the rules allow.
    defaultValues: { username: invite.email.split('@')[0]!.slice(0, 50), password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await accept.mutateAsync({ token, ...values });
      const admin = await queryClient.fetchQuery({ ...currentAdminQuery, staleTime: 0 });
      toast.success(message);
      void navigate(landingFor(admin?.role), { replace: true });
    } catch (error) {
      if (
        isBadLink(error) &&
        !(error instanceof ApiError && (error.errors.username || error.errors.password))
      ) {
        onBroken();
      } else if (error instanceof ApiError && (error.errors.username || error.errors.password)) {
        if (error.errors.username) setError('username', { message: error.errors.username });
        if (error.errors.password) setError('password', { message: error.errors.password });
      } else {
        setError('root.server', { message: errorMessage(error) });
      }
    }
  });

  return (
    <>
      <h1 className="mt-3 text-3xl font-semibold">Welcome, {invite.name}!</h1>
      <p className="mt-1 text-sm text-muted">
        You are invited as <strong className="text-ink">{STAFF_ROLE_LABELS[invite.role]}</strong>:{' '}
        {STAFF_ROLE_HINTS[invite.role].toLowerCase()}. Choose how you will sign in.
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-4">
        <Field label="Email">
          {({ control }) => <Input {...control} value={invite.email} readOnly className="bg-sand/50" />}
        </Field>
        <Field label="Username" error={errors.username?.message} hint="You sign in with it at /admin/auth.">
          {({ control }) => <Input {...control} autoComplete="username" {...register('username')} />}
        </Field>
        <Field label="Password" error={errors.password?.message}>
          {({ control }) => (
            <PasswordInput {...control} autoComplete="new-password" {...register('password')} />
          )}
        </Field>
        <FormMessage message={errors.root?.server?.message} />
        <Button type="submit" size="lg" className="mt-2 w-full rounded-xl" pending={accept.isPending}>
          Accept and sign in
        </Button>
      </form>
    </>
  );
}

function BadLink({ message }: { message: string }) {
  return (
    <>
      <h1 className="mt-3 text-3xl font-semibold">This invite does not work</h1>
      <p className="mt-2 text-muted">{message}</p>
      <Button asChild size="lg" className="mt-6 w-full rounded-xl">
        <Link to={paths.admin.auth}>Go to the back office sign-in</Link>
      </Button>
    </>
  );
}
