import { EmailSchema, NEWSLETTER_DISCOUNT_PERCENT } from '@habi/shared';
import { type FormEvent, useState } from 'react';
import { FieldError } from '../ui/field.tsx';

/**
 * Newsletter box: validates the email and clears. No request is made yet; the value is only
 * logged.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = EmailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      setDone(false);
      return;
    }
    console.info('Newsletter subscription:', parsed.data);
    setEmail('');
    setError(undefined);
    setDone(true);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <h2 className="font-display text-xl">Subscribe now & get {NEWSLETTER_DISCOUNT_PERCENT}% off</h2>
      <p className="text-sm text-paper/70">
        First-time subscribers get {NEWSLETTER_DISCOUNT_PERCENT}% off their first order.
      </p>
      <div className="flex gap-2">
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <input
          id="newsletter-email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="Enter your email"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'newsletter-error' : undefined}
          className="h-11 min-w-0 flex-1 rounded-full border border-paper/20 bg-paper/10 px-4 text-sm text-paper placeholder:text-paper/60 focus:border-paper focus:outline-none"
        />
        <button
          type="submit"
          className="h-11 shrink-0 rounded-full bg-gold px-5 text-sm font-bold text-ink hover:bg-gold/90"
        >
          Subscribe
        </button>
      </div>
      <div aria-live="polite" className="text-sm">
        {error ? (
          <span className="[&_p]:text-[#ffb4a8]">
            <FieldError id="newsletter-error" message={error} />
          </span>
        ) : (
          done && <p className="text-gold">Thanks for subscribing! Watch your inbox for your code.</p>
        )}
      </div>
    </form>
  );
}
