import {
  type Admin,
  type AdminProfileInput,
  AdminProfileSchema,
  IMAGE_ACCEPT,
  IMAGE_MESSAGES,
  UPLOAD_MAX_BYTES,
} from '@habi/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Camera } from 'lucide-react';
import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { ChangePassword } from '../../../components/security/change-password.tsx';
import { Sessions } from '../../../components/security/sessions.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { currentAdminQuery, useAdminAuth } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateAdminProfile } from '../api/update-admin-profile.ts';
import { FormActions, FormSection } from '../components/form-bits.tsx';
import { rejectionMessage } from '../components/image-drop.tsx';
import { LeaveDialog } from '../components/leave-dialog.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useGoBack } from '../hooks/use-go-back.ts';
import { useLeaveGuard } from '../hooks/use-leave-guard.ts';
import { useObjectUrl } from '../hooks/use-object-url.ts';

/**
 * Update Admin Profile: avatar, username and email (leaving with unsaved changes asks first);
 * below, the admin's password and where they are signed in.
 */
export default function ProfilePage() {
  useDocumentTitle('Update Admin Profile');
  const { admin } = useAdminAuth();
  return (
    <>
      <PageHeader title="Update Admin Profile" description="How you appear in the back office." />
      {admin ? (
        <>
          <ProfileForm key={admin._id} admin={admin} />
          <div className="mt-6 flex max-w-2xl flex-col gap-6">
            <ChangePassword who="admin" />
            <Sessions who="admin" />
          </div>
        </>
      ) : (
        <Loading />
      )}
    </>
  );
}

function ProfileForm({ admin }: { admin: Admin }) {
  const navigate = useNavigate();
  const goBack = useGoBack(paths.admin.home);
  const queryClient = useQueryClient();
  const update = useUpdateAdminProfile(admin._id);
  const [image, setImage] = useState<File | null>(null);
  const [rejected, setRejected] = useState('');
  const preview = useObjectUrl(image);
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<AdminProfileInput>({
    resolver: zodResolver(AdminProfileSchema),
    defaultValues: { username: admin.username, email: admin.email },
  });
  // A new picture chosen counts as much as a field typed in.
  const guard = useLeaveGuard(isDirty || image !== null);
  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    accept: IMAGE_ACCEPT,
    maxSize: UPLOAD_MAX_BYTES,
    multiple: false,
    noClick: true,
    noKeyboard: true,
    // The first file dropped or chosen.
    onDrop: (accepted, rejections) => {
      setRejected(accepted[0] ? '' : rejectionMessage(rejections));
      if (accepted[0]) setImage(accepted[0]);
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message, ...updated } = await update.mutateAsync({ ...values, image });
      // Saved: the way back asks nothing.
      guard.release();
      toast.success(message);
      queryClient.setQueryData(currentAdminQuery.queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: currentAdminQuery.queryKey });
      void navigate(paths.admin.home);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-2xl flex-col gap-6">
      <FormSection title="Profile picture" description={`${IMAGE_MESSAGES.accepted}.`}>
        <div
          {...getRootProps({
            className: `flex flex-col items-center gap-4 rounded-xl border-2 border-dashed p-4 sm:flex-row ${isDragActive ? 'border-accent bg-accent/5' : 'border-transparent'}`,
          })}
        >
          <input {...getInputProps({ name: 'imageUrl', 'aria-label': 'Profile picture' })} />
          <Avatar
            src={preview ?? admin.imageUrl}
            alt={`${admin.username}'s profile picture`}
            className="size-24"
          />
          <div className="flex flex-col items-center gap-2 sm:items-start">
            <Button variant="secondary" size="sm" className="rounded-lg" onClick={open}>
              <Camera aria-hidden="true" className="-ml-1 size-4" />
              {image || admin.imageUrl ? 'Change picture' : 'Choose picture'}
            </Button>
            <p className="text-xs text-muted">{image ? image.name : 'Or drop an image here.'}</p>
            {rejected && (
              <p role="alert" className="text-sm text-danger">
                {rejected}
              </p>
            )}
          </div>
        </div>
      </FormSection>
      <FormSection title="Account">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Username" error={errors.username?.message}>
            {({ control }) => <Input {...control} autoComplete="username" {...register('username')} />}
          </Field>
          <Field label="Email" error={errors.email?.message}>
            {({ control }) => <Input {...control} type="email" autoComplete="email" {...register('email')} />}
          </Field>
        </div>
      </FormSection>
      <FormActions submitLabel="Update" pending={update.isPending} onCancel={goBack} />
      <LeaveDialog
        open={guard.open}
        unsaved="Your changes to your profile are not saved."
        onStay={guard.stay}
        onLeave={guard.leave}
      />
    </form>
  );
}
