import { PAGE_HEADS } from '@habi/shared';
import type { QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';
import { bestProductsQueryOptions } from '../api/get-best-products.ts';
import { AboutCollage } from '../components/about-collage.tsx';
import { WhyUs } from '../components/why-us.tsx';

const STORY = [
  {
    title: 'Quality first',
    text: 'We would rather offer fewer things that last than more that do not. Every piece is chosen for its fabric, stitching and fit, then worn, washed and checked again before it joins the collection.',
  },
  {
    title: 'Personal service',
    text: 'Behind every order is a small team that knows the collection by heart. Ask us about sizing, styling or a delivery, and a real person answers, from your first question until the parcel is at your door.',
  },
  {
    title: 'Sustainable, ethical sourcing',
    text: 'We work directly with mills and workshops that pay fair wages and keep safe workplaces. We favour organic cotton, linen and recycled fibres, and we ship in recyclable packaging with no plastic filler.',
  },
  {
    title: 'For the whole family',
    text: 'Everyday clothing, shoes and accessories for men, women and kids, priced in pesos and delivered across the Philippines, so getting dressed well is simple for everyone at home.',
  },
];

/** Server rendering: the collage's best sellers. */
export function prefetch(queryClient: QueryClient) {
  return queryClient.prefetchQuery(bestProductsQueryOptions());
}

/** About Us: a heading, an image, titled descriptions and the 'Why Us' cards. */
export default function AboutPage() {
  useDocumentTitle(PAGE_HEADS['/about'].title);
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-20 px-4 pt-10 sm:gap-24 sm:px-6 sm:pt-14 lg:px-8">
      <section aria-labelledby="about-title" className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
        <div className="flex flex-col gap-5">
          <p className="text-xs font-bold tracking-[0.2em] text-accent uppercase">About Us</p>
          <h1 id="about-title" className="text-4xl leading-[1.08] font-semibold text-balance sm:text-5xl">
            Clothes made with care, for the way you live.
          </h1>
          <p className="max-w-lg text-lg leading-relaxed text-ink-soft">
            Habi means "weave" in Filipino. We started with a simple idea: well-made everyday clothing, chosen
            with care and sold with a personal touch.
          </p>
        </div>
        <AboutCollage />
      </section>

      <section aria-labelledby="our-story" className="grid gap-10 lg:grid-cols-[1fr_2fr] lg:gap-16">
        <div className="flex flex-col gap-3 lg:sticky lg:top-28 lg:self-start">
          <p className="text-xs font-bold tracking-[0.2em] text-accent uppercase">What we stand for</p>
          <h2 id="our-story" className="text-3xl font-semibold sm:text-4xl">
            Our story
          </h2>
          <p className="max-w-sm leading-relaxed text-muted">
            Four promises guide every piece we sell and every order we send out.
          </p>
        </div>
        <dl className="grid gap-x-10 gap-y-10 sm:grid-cols-2">
          {STORY.map((item, index) => (
            <div key={item.title} className="flex flex-col gap-3 border-t border-line pt-6">
              <dt className="flex items-baseline gap-3 font-display text-2xl font-semibold">
                <span aria-hidden="true" className="font-sans text-sm font-bold text-accent tabular-nums">
                  0{index + 1}
                </span>
                {item.title}
              </dt>
              <dd className="leading-relaxed text-ink-soft">{item.text}</dd>
            </div>
          ))}
        </dl>
      </section>

      <WhyUs />

      <section
        aria-labelledby="about-cta"
        className="flex flex-col items-start gap-5 rounded-3xl bg-ink px-6 py-12 text-paper sm:px-12 lg:flex-row lg:items-center lg:justify-between"
      >
        <div className="flex flex-col gap-2">
          <h2 id="about-cta" className="text-3xl font-semibold">
            See what's new this season
          </h2>
          <p className="text-paper/75">Fresh arrivals for men, women and kids, added every week.</p>
        </div>
        <Button asChild size="lg" className="bg-paper text-ink hover:bg-sand">
          <Link to={paths.products}>Browse Collections</Link>
        </Button>
      </section>
    </div>
  );
}
