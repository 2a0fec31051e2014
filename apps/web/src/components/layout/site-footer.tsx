import { Link } from 'react-router';
import { useNow } from '../../lib/now.ts';
import { paths } from '../../lib/paths.ts';
import { STORE_NAME } from './logo.tsx';
import { NewsletterForm } from './newsletter-form.tsx';
import { STORE_CONTACT } from './store-info.ts';

/** Footer: company links, contacts, the copyright year and the newsletter box. */
export function SiteFooter() {
  const year = useNow().getFullYear();
  const linkClass = 'text-paper/80 hover:text-paper';
  return (
    <footer className="mt-24 bg-ink text-paper">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="flex flex-col gap-3">
          <h2 className="text-2xl font-semibold">{STORE_NAME}</h2>
          <p className="text-sm leading-relaxed text-paper/70">
            Everyday clothing, shoes and accessories for the whole family, made to last and sourced with care.
          </p>
        </div>
        <nav aria-label="Company" className="flex flex-col gap-3 text-sm">
          <h2 className="font-sans text-xs font-bold tracking-widest text-paper/60 uppercase">Company</h2>
          <Link to={paths.home} className={linkClass}>
            Home
          </Link>
          <Link to={paths.about} className={linkClass}>
            About Us
          </Link>
          <Link to={paths.delivery} className={linkClass}>
            Delivery
          </Link>
          <Link to={paths.privacy} className={linkClass}>
            Privacy Policy
          </Link>
        </nav>
        <div className="flex flex-col gap-3 text-sm">
          <h2 className="font-sans text-xs font-bold tracking-widest text-paper/60 uppercase">Contacts</h2>
          {STORE_CONTACT.socials.map((name) => (
            <span key={name} className="text-paper/80">
              {name}
            </span>
          ))}
          <a href={`tel:${STORE_CONTACT.phone.replaceAll(' ', '')}`} className={linkClass}>
            {STORE_CONTACT.phone}
          </a>
          <a href={`mailto:${STORE_CONTACT.email}`} className={linkClass}>
            {STORE_CONTACT.email}
          </a>
        </div>
        <NewsletterForm />
      </div>
      <div className="border-t border-paper/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-paper/60 sm:px-6 lg:px-8">
          Copyright {year} © {STORE_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
