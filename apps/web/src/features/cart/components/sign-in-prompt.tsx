import { LockKeyhole } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';
import { withReturn } from '../../../lib/return-to.ts';

/** For visitors, in the address box's place: the way to sign in before ordering. */
export function SignInPrompt({ signInRef }: { signInRef?: Ref<HTMLAnchorElement> }) {
  return (
    <section
      aria-labelledby="checkout-sign-in-heading"
      className="rounded-2xl border border-line bg-white p-5 sm:p-6"
    >
      <div className="flex items-start gap-4">
        <span className="grid size-11 shrink-0 place-items-center rounded-full bg-sand text-ink">
          <LockKeyhole aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id="checkout-sign-in-heading" className="text-xl font-semibold">
            Sign in to check out
          </h2>
          <p className="mt-1 text-sm leading-relaxed text-muted">
            Sign in to choose a shipping address and place your order. Your cart and discount code stay saved
            on this device, and you come back here.
          </p>
        </div>
      </div>
      <div className="mt-5 grid grid-cols-2 gap-3">
        <Button asChild>
          <Link ref={signInRef} to={withReturn(paths.signIn, paths.cart)}>
            Sign in
          </Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={withReturn(paths.signUp, paths.cart)}>Create account</Link>
        </Button>
      </div>
    </section>
  );
}
