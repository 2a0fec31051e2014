import { Download } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useDownloadMyData } from '../api/download-my-data.ts';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

/** Update Profile's "Your data": a copy of everything the store keeps, and erasure. */
export function YourData({ onDeleted }: { onDeleted(message: string): void }) {
  const download = useDownloadMyData();
  return (
    <section
      aria-labelledby="your-data-title"
      className="mt-8 rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-10"
    >
      <h2 id="your-data-title" className="text-2xl font-semibold">
        Your data
      </h2>
      <p className="mt-2 text-muted">
        What we keep and why is in our{' '}
        <Link
          to={paths.privacy}
          className="font-semibold text-ink underline decoration-ink/30 underline-offset-4 hover:decoration-ink"
        >
          Privacy Policy
        </Link>
        .
      </p>
      <div className="mt-6 flex flex-col divide-y divide-line">
        <div className="flex flex-col gap-4 pb-6 sm:flex-row sm:items-center sm:justify-between sm:gap-8">
          <div>
            <h3 className="font-sans text-base font-semibold">Get a copy</h3>
            <p className="mt-1 text-sm leading-relaxed text-ink-soft">
              Your profile, addresses, orders and sign-in sessions, as a JSON file.
            </p>
            <FieldError message={download.error ? errorMessage(download.error) : undefined} icon />
          </div>
          <Button
            variant="secondary"
            className="sm:min-w-52"
            disabled={download.isPending}
            onClick={() => download.mutate()}
          >
            {download.isPending ? (
              <Spinner className="size-4" />
            ) : (
              <Download aria-hidden="true" className="size-4" />
            )}
            Download my data
          </Button>
        </div>
        <div className="flex flex-col gap-4 pt-6 sm:flex-row sm:items-center sm:justify-between sm:gap-8">
          <div>
            <h3 className="font-sans text-base font-semibold">Delete your account</h3>
            <p className="mt-1 text-sm leading-relaxed text-ink-soft">
              Erases your contact details, addresses and picture, and signs you out. Orders stay in the shop's
              records with the name and delivery address they were sent to.
            </p>
          </div>
          <DeleteAccountDialog onDeleted={onDeleted} />
        </div>
      </div>
    </section>
  );
}
