import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';

/** A form's large submit button: disabled, and reading 'Loading...' with a spinner, while it sends. */
export function SubmitButton({
  pending,
  className,
  children,
}: {
  pending: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" size="lg" disabled={pending} className={className}>
      {pending ? (
        <>
          <Spinner />
          Loading...
        </>
      ) : (
        children
      )}
    </Button>
  );
}
