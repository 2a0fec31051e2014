import { EMAIL_MESSAGES, PAGE_HEADS, ProfileSchema, type User } from '@habi/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { ChangePassword } from '../../../components/security/change-password.tsx';
import { Sessions } from '../../../components/security/sessions.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { PhoneField } from '../../../components/ui/phone-field.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { refreshStoreData } from '../../../lib/query-keys.ts';
import { currentUserQuery, useAuth } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { type UpdateProfileResponse, useUpdateProfile } from '../api/update-profile.ts';
import { AvatarPicker } from '../components/avatar-picker.tsx';
import { VerifyEmailBanner } from '../components/verify-email-banner.tsx';
import { YourData } from '../components/your-data.tsx';

const FIELDS = ['name', 'email', 'contactNumber'] as const;

/** /user/update_profile?uid=: only the signed-in shopper's own. */
export default function UpdateProfilePage() {
  useDocumentTitle(PAGE_HEADS['/user/update_profile'].title);
  const { user, isLoading } = useAuth();
  const [params] = useSearchParams();
  // Set once the account is deleted, so the visitor this page turns into goes home, not to /sign-in.
  const [leaving, setLeaving] = useState(false);
  if (isLoading || (leaving && !user)) return <Loading className="min-h-[36rem]" />;
  if (!user) return <Navigate to={paths.signIn} replace />;
  if (params.get('uid') !== user.id) return <Navigate to={paths.updateProfile(user.id)} replace />;
  return <UpdateProfile user={user} onLeave={() => setLeaving(true)} />;
}

/** Back where the shopper came from, or to the account when the page was opened directly. */
function useGoBack() {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(paths.user);
  };
}

function UpdateProfile({ user, onLeave }: { user: User; onLeave(): void }) {
  const goBack = useGoBack();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  // The account is gone and so is its session: home, signed out, as after a logout.
  const onDeleted = async (message: string) => {
    onLeave();
    toast.success(message);
    await navigate(paths.home);
    queryClient.setQueryData(currentUserQuery.queryKey, null);
    refreshStoreData(queryClient);
  };

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:py-14">
      <Button variant="ghost" size="sm" onClick={goBack} className="-ml-3 mb-4">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back
      </Button>
      <VerifyEmailBanner user={user} />
      <section
        aria-labelledby="update-profile-title"
        className="rounded-2xl border border-line bg-white p-6 shadow-[0_24px_60px_-32px_rgba(31,27,22,0.35)] sm:p-10"
      >
        <header className="mb-8">
          <h1 id="update-profile-title" className="text-4xl font-semibold">
            Update Profile
          </h1>
          <p className="mt-2 text-muted">Keep your details current for smooth deliveries.</p>
        </header>
        <ProfileForm user={user} onCancel={goBack} />
      </section>
      <ChangePassword who="users" className="mt-8" />
      <Sessions who="users" className="mt-8" />
      <YourData onDeleted={(message) => void onDeleted(message)} />
    </div>
  );
}

function ProfileForm({ user, onCancel }: { user: User; onCancel(): void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  // A new address waits for its mailed link: the page stays to say so.
  const [pendingEmail, setPendingEmail] = useState<string>();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ProfileSchema),
    defaultValues: { name: user.name, email: user.email, contactNumber: user.contactNumber },
  });

  const onSubmit = handleSubmit(async (values) => {
    let updated: UpdateProfileResponse;
    try {
      updated = await update.mutateAsync({ id: user.id, ...values, file });
      // Shown at once on /user; the refresh then confirms it from the server.
      queryClient.setQueryData(currentUserQuery.queryKey, (current) =>
        current
          ? {
              ...current,
              name: updated.name,
              email: updated.email,
              contactNumber: updated.contactNumber,
              imageUrl: updated.imageUrl,
            }
          : current,
      );
    } catch (error) {
      console.warn('Profile update failed', error);
      const fieldErrors = error instanceof ApiError ? error.errors : {};
      let shown = false;
      for (const field of FIELDS) {
        const message = fieldErrors[field];
        if (message) {
          setError(field, { message }, { shouldFocus: !shown });
          shown = true;
        }
      }
      if (fieldErrors.imageUrl) {
        setFileError(fieldErrors.imageUrl);
        shown = true;
      }
      // A failure with no field to point at still needs telling, or Save seems to do nothing.
      if (!shown) toast.error(errorMessage(error));
      return;
    }
    toast.success('User update successfully');
    if (updated.pendingEmail) {
      setPendingEmail(updated.pendingEmail);
      setValue('email', updated.email);
      return;
    }
    await navigate(paths.user);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <AvatarPicker
        currentUrl={user.imageUrl}
        file={file}
        onFileChange={(next) => {
          setFile(next);
          setFileError(undefined);
        }}
        error={fileError}
        disabled={isSubmitting}
      />
      <Field label="Name" error={errors.name?.message} icon>
        {({ control }) => <Input {...control} autoComplete="name" {...register('name')} />}
      </Field>
      <Field label="Email" error={errors.email?.message} icon>
        {({ control }) => <Input {...control} type="email" autoComplete="email" {...register('email')} />}
      </Field>
      {pendingEmail && (
        <p role="status" className="-mt-2 rounded-xl bg-sand px-4 py-3 text-sm leading-relaxed text-ink-soft">
          {EMAIL_MESSAGES.changeSent(pendingEmail)}
        </p>
      )}
      <PhoneField
        label="Contact Number"
        error={errors.contactNumber?.message}
        icon
        control={control}
        name="contactNumber"
      />
      <div className="mt-3 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" size="lg" onClick={onCancel} className="sm:min-w-32">
          Cancel
        </Button>
        <Button type="submit" size="lg" pending={isSubmitting} className="sm:min-w-32">
          Save
        </Button>
      </div>
    </form>
  );
}
