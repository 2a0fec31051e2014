import { IMAGE_ACCEPT, IMAGE_MESSAGES, UPLOAD_MAX_BYTES } from '@habi/shared';
import { ImagePlus, UploadCloud, X } from 'lucide-react';
import { useState } from 'react';
import { type FileRejection, useDropzone } from 'react-dropzone';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useObjectUrl } from '../hooks/use-object-url.ts';

/** A stable key per chosen file, so removing one thumbnail keeps the others' elements. */
const fileKeys = new WeakMap<File, string>();
let nextFileKey = 0;
function fileKey(file: File): string {
  let key = fileKeys.get(file);
  if (!key) {
    nextFileKey += 1;
    key = `file-${nextFileKey}`;
    fileKeys.set(file, key);
  }
  return key;
}

export function rejectionMessage(rejections: readonly FileRejection[]): string {
  if (rejections.length === 0) return '';
  const codes = rejections.flatMap((r) => r.errors.map((e) => e.code));
  return codes.includes('file-too-large') && !codes.includes('file-invalid-type')
    ? IMAGE_MESSAGES.tooLarge
    : IMAGE_MESSAGES.wrongType;
}

interface MainImageDropProps {
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  errorId: string;
}

/** The main product image: drop one, or 'Select from computer'. */
export function MainImageDrop({ file, onChange, error, errorId }: MainImageDropProps) {
  const [rejected, setRejected] = useState('');
  const preview = useObjectUrl(file);
  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    accept: IMAGE_ACCEPT,
    maxSize: UPLOAD_MAX_BYTES,
    multiple: false,
    noClick: true,
    noKeyboard: true,
    onDrop: (accepted, rejections) => {
      setRejected(rejectionMessage(rejections));
      if (accepted[0]) onChange(accepted[0]);
    },
  });
  const message = rejected || error;
  return (
    <div>
      <div
        {...getRootProps({
          className: cn(
            'relative flex aspect-[4/3] w-full flex-col items-center justify-center gap-3 overflow-hidden rounded-xl border-2 border-dashed bg-paper p-4 text-center transition-colors',
            isDragActive ? 'border-accent bg-accent/5' : message ? 'border-danger/60' : 'border-line',
          ),
        })}
      >
        <input {...getInputProps({ name: 'imageUrl', 'aria-label': 'Main product image' })} />
        {file && preview ? (
          <>
            <img
              src={preview}
              alt="Main product preview"
              className="absolute inset-0 size-full object-contain p-2"
            />
            <div className="absolute right-2 bottom-2 flex gap-2">
              <Button variant="secondary" size="sm" className="rounded-lg shadow-sm" onClick={open}>
                Replace
              </Button>
              <Button
                variant="secondary"
                size="sm"
                className="rounded-lg shadow-sm"
                aria-label="Remove main image"
                onClick={() => onChange(null)}
              >
                <X aria-hidden="true" className="size-4" />
              </Button>
            </div>
          </>
        ) : (
          <>
            <span className="grid size-12 place-items-center rounded-full bg-sand text-ink-soft">
              <ImagePlus aria-hidden="true" className="size-6" />
            </span>
            <p className="text-sm text-ink-soft">
              {isDragActive ? 'Drop the image here' : 'Drag and drop the main image here'}
            </p>
            <Button variant="primary" size="sm" className="rounded-lg" onClick={open}>
              Select from computer
            </Button>
            <p className="text-xs text-muted">{IMAGE_MESSAGES.accepted}</p>
          </>
        )}
      </div>
      {message && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-danger">
          {message}
        </p>
      )}
    </div>
  );
}

interface VariationImagesDropProps {
  files: File[];
  onChange: (files: File[]) => void;
  max: number;
  error?: string;
}

/** The variation images: 'Upload Variations here...', each shown 110 x 110 with its number and a remove button. */
export function VariationImagesDrop({ files, onChange, max, error }: VariationImagesDropProps) {
  const [rejected, setRejected] = useState('');
  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    accept: IMAGE_ACCEPT,
    maxSize: UPLOAD_MAX_BYTES,
    multiple: true,
    noClick: true,
    noKeyboard: true,
    onDrop: (accepted, rejections) => {
      const room = max - files.length;
      const overflow = accepted.length > room ? `At most ${max} variation images.` : '';
      setRejected(rejectionMessage(rejections) || overflow);
      if (accepted.length > 0 && room > 0) onChange([...files, ...accepted.slice(0, room)]);
    },
  });
  const message = rejected || error;
  return (
    <div>
      <div
        {...getRootProps({
          className: cn(
            'flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed bg-paper px-4 py-6 text-center transition-colors',
            isDragActive ? 'border-accent bg-accent/5' : message ? 'border-danger/60' : 'border-line',
          ),
        })}
      >
        <input {...getInputProps({ name: 'varImgUrls', 'aria-label': 'Variation images' })} />
        <UploadCloud aria-hidden="true" className="size-6 text-muted" />
        <p className="text-sm text-ink-soft">
          {isDragActive ? 'Drop the images here' : 'Upload Variations here...'}
        </p>
        <Button
          variant="secondary"
          size="sm"
          className="rounded-lg"
          onClick={open}
          disabled={files.length >= max}
        >
          Browse images
        </Button>
      </div>
      {message && (
        <p role="alert" className="mt-1.5 text-sm text-danger">
          {message}
        </p>
      )}
      {files.length > 0 && (
        <ol aria-label="Variation images" className="mt-3 flex flex-wrap gap-3">
          {files.map((file, index) => (
            <VariationThumbnail
              key={fileKey(file)}
              file={file}
              index={index}
              onRemove={() => onChange(files.filter((_, i) => i !== index))}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

/** One variation image, 110 x 110, with its order number and a remove button. */
function VariationThumbnail({ file, index, onRemove }: { file: File; index: number; onRemove: () => void }) {
  const preview = useObjectUrl(file);
  return (
    <li className="relative size-[110px] overflow-hidden rounded-lg border border-line bg-sand">
      {preview && (
        <img
          src={preview}
          alt={`Variation ${index + 1} preview`}
          width={110}
          height={110}
          className="size-full object-cover"
        />
      )}
      <span className="absolute top-1.5 left-1.5 grid size-6 place-items-center rounded-full bg-ink text-xs font-bold text-paper tabular-nums">
        {index + 1}
      </span>
      <button
        type="button"
        aria-label={`Remove variation image ${index + 1}`}
        onClick={onRemove}
        className="absolute top-1.5 right-1.5 grid size-6 place-items-center rounded-full bg-white/95 text-ink shadow-sm hover:bg-danger hover:text-white"
      >
        <X aria-hidden="true" className="size-3.5" />
      </button>
    </li>
  );
}
