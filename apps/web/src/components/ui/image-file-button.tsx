import { IMAGE_ACCEPT, IMAGE_MESSAGES, UPLOAD_MAX_BYTES } from '@habi/shared';
import { type ReactNode, useRef } from 'react';
import { Button } from './button.tsx';

const ACCEPT = Object.entries(IMAGE_ACCEPT).flat(2).join(',');
const EXTENSIONS = Object.values(IMAGE_ACCEPT).flat();

/** What is wrong with a chosen file, as the server would say it; nothing when it may be sent. */
export function imageFileProblem(file: File): string | undefined {
  // A browser that knows no type for a file leaves it empty: its extension decides.
  const known = file.type
    ? file.type in IMAGE_ACCEPT
    : EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext));
  if (!known) return IMAGE_MESSAGES.wrongType;
  if (file.size > UPLOAD_MAX_BYTES) return IMAGE_MESSAGES.tooLarge;
  return undefined;
}

interface ImageFileButtonProps {
  /** The file input's accessible name (the button shows `children`). */
  label: string;
  children: ReactNode;
  onChoose(file: File): void;
  /** A file refused before sending: the type or size the server would refuse. */
  onProblem(message: string): void;
  describedBy?: string;
  disabled?: boolean;
  className?: string;
}

/** A button that opens the file chooser for one image, checked before it is handed on. */
export function ImageFileButton({
  label,
  children,
  onChoose,
  onProblem,
  describedBy,
  disabled,
  className,
}: ImageFileButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        aria-label={label}
        tabIndex={-1}
        className="hidden"
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so choosing the same file again after removing it still counts.
          event.target.value = '';
          if (!file) return;
          const problem = imageFileProblem(file);
          if (problem) onProblem(problem);
          else onChoose(file);
        }}
      />
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className={className}
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={() => input.current?.click()}
      >
        {children}
      </Button>
    </>
  );
}
