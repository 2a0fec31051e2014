import { IMAGE_ACCEPT, IMAGE_MESSAGES, UPLOAD_MAX_BYTES } from '@habi/shared';
import { ImageUp } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { type FileRejection, useDropzone } from 'react-dropzone';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { cn } from '../../../lib/cn.ts';

interface AvatarPickerProps {
  /** The picture the shopper has now. */
  currentUrl: string;
  file: File | null;
  onFileChange(file: File): void;
  /** A message from the server about the picture. */
  error?: string;
  disabled?: boolean;
}

/**
 * Avatar picker: drop or choose an image (the first file counts), see it before saving. A click
 * anywhere in the drop zone opens the file chooser; its button, named by what it shows ("Upload
 * a new picture"), is the way in for the keyboard.
 */
export function AvatarPicker({ currentUrl, file, onFileChange, error, disabled }: AvatarPickerProps) {
  const [rejection, setRejection] = useState<string>();
  const preview = usePreviewUrl(file);
  const labelId = useId();
  const actionId = useId();
  const hintId = useId();
  const errorId = useId();

  const onDrop = (accepted: File[], rejected: FileRejection[]) => {
    // With several files react-dropzone refuses them all as too many; the first one counts.
    const [first] = accepted;
    const firstRejected = rejected[0];
    if (first) {
      setRejection(undefined);
      onFileChange(first);
    } else if (firstRejected) {
      const codes = firstRejected.errors.map((e) => e.code);
      if (codes.every((code) => code === 'too-many-files')) {
        setRejection(undefined);
        onFileChange(firstRejected.file);
      } else {
        setRejection(codes.includes('file-too-large') ? IMAGE_MESSAGES.tooLarge : IMAGE_MESSAGES.wrongType);
      }
    }
  };

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: IMAGE_ACCEPT,
    maxSize: UPLOAD_MAX_BYTES,
    multiple: false,
    disabled,
    onDrop,
    // The button inside takes the keys; the zone itself is no second tab stop.
    noKeyboard: true,
  });
  const message = rejection ?? error;

  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-semibold text-ink">
        Profile picture
      </span>
      <div
        {...getRootProps()}
        className={cn(
          'flex cursor-pointer items-center gap-4 sm:gap-5 rounded-2xl border-2 border-dashed border-line bg-paper p-4 transition-colors hover:border-ink/40 sm:p-5',
          isDragActive && 'border-accent bg-sand',
          message && 'border-danger/60',
          disabled && 'cursor-not-allowed opacity-60',
        )}
      >
        <Avatar
          src={preview ?? currentUrl}
          alt={preview ? 'New profile picture preview' : 'Current profile picture'}
          className="size-16 sm:size-20"
        />
        <div className="min-w-0 flex-1">
          {/* Its click reaches the drop zone, which opens the chooser. */}
          <button
            type="button"
            id={actionId}
            disabled={disabled}
            aria-labelledby={`${labelId} ${actionId}`}
            aria-describedby={[hintId, message ? errorId : ''].filter(Boolean).join(' ')}
            className="flex min-h-6 items-center gap-2 rounded font-semibold text-ink disabled:cursor-not-allowed"
          >
            <ImageUp aria-hidden="true" className="size-4 shrink-0" />
            {isDragActive ? 'Drop the image here' : file ? 'Change picture' : 'Upload a new picture'}
          </button>
          <p id={hintId} className="mt-1 text-sm text-muted">
            {file ? (
              <span className="block truncate">{file.name}</span>
            ) : (
              'Drag an image here or click to choose.'
            )}
            <span className="block text-xs">{IMAGE_MESSAGES.accepted}.</span>
          </p>
        </div>
      </div>
      <input {...getInputProps()} />
      <FieldError id={errorId} message={message} icon />
    </div>
  );
}

/** An object URL for the chosen file, released when it changes. */
function usePreviewUrl(file: File | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
