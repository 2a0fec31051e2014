import {
  type MessageResponse,
  NEWSLETTER_DISCOUNT_PERCENT,
  type NewsletterSubscribeInput,
} from '@habi/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorMessage, request } from '../../lib/api-client.ts';
import { useTypedBeforeStart } from '../../lib/use-typed-before-start.ts';
import { FieldError } from '../ui/field.tsx';

/**
 * Newsletter box: validates the email, asks the server to mail it a confirmation link (double
 * opt-in; confirming gives the welcome code), and clears once the server took it. Before the
 * app starts (the server's page shows first) Subscribe is disabled, so a submit then neither
 * reloads the page nor drops the address (the API takes JSON only); the app takes the address
 * typed meanwhile when it starts.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeStart(input, email, setEmail);
  const [started, setStarted] = useState(false);
  useEffect(() => setStarted(true), []);
  const subscribe = useMutation({
    mutationFn: (input: NewsletterSubscribeInput) =>
      request<MessageResponse>('/newsletter/subscribe', { method: 'POST', json: input }),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (subscribe.isPending) return;
    // The check (and the validation library) comes with the first submit: the footer is on
    // every page, and most visits never subscribe.
    const { EmailSchema } = await import('./newsletter-email.ts');
    const parsed = EmailSchema.safeParse(email);
    setDone(undefined);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    subscribe.mutate(
      { email: parsed.data },
      {
        onSuccess: ({ message }) => {
          setEmail('');
          setDone(message);
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  }

  return (
    <form name="newsletter" onSubmit={submit} noValidate className="flex flex-col gap-3">
      <h2 className="font-display text-xl font-semibold">
        Subscribe now & get {NEWSLETTER_DISCOUNT_PERCENT}% off
      </h2>
      <p className="text-sm text-paper/70">
        First-time subscribers get {NEWSLETTER_DISCOUNT_PERCENT}% off their first order.
      </p>
      <div className="flex gap-2">
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <input
          ref={input}
          id="newsletter-email"
          name="email"
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
          disabled={!started}
          aria-disabled={subscribe.isPending}
          className="h-11 shrink-0 rounded-full bg-gold px-5 text-sm font-bold text-ink hover:bg-gold/90 aria-disabled:cursor-wait aria-disabled:opacity-80"
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
          done && <p className="text-gold">{done}</p>
        )}
      </div>
    </form>
  );
}
