import { PROMO_PHONE_MEDIA, PROMO_POSTER, PROMO_POSTER_PHONE } from '@habi/shared';
import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';

/** Media files served from `public/media/`. */
const PROMO_VIDEO = {
  webm: '/media/promo.webm',
  mp4: '/media/promo.mp4',
};

/**
 * Whether the video starts by itself. Not on a phone (its data plan), nor for a visitor who asks
 * to save data or for reduced motion: there the poster shows, and the video is downloaded only
 * once the shopper plays it.
 */
function startsByItself() {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return (
    connection?.saveData !== true &&
    !window.matchMedia('(max-width: 639px), (prefers-reduced-motion: reduce)').matches
  );
}

const neverChanges = () => () => {};

/**
 * Home: the looping, muted promotional video under the headline. The frame has a
 * fixed aspect ratio, so the page never moves while the poster or video arrives (or when
 * neither exists yet). Anyone can pause it (WCAG 2.2.2).
 */
export function PromoHero() {
  const video = useRef<HTMLVideoElement>(null);
  // Known only in the browser: a server-rendered page hydrates still, then starts.
  const autoPlay = useSyncExternalStore(neverChanges, startsByItself, () => false);
  // The shopper's own choice, once made, wins.
  const [chosen, setChosen] = useState<boolean>();
  const playing = chosen ?? autoPlay;

  useEffect(() => {
    if (autoPlay) video.current?.play().catch(() => setChosen(false));
  }, [autoPlay]);

  function toggle() {
    const element = video.current;
    if (!element) return;
    if (playing) {
      element.pause();
      setChosen(false);
    } else {
      setChosen(true);
      element.play().catch(() => setChosen(false));
    }
  }

  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate aspect-[4/5] overflow-hidden rounded-3xl bg-ink text-paper sm:aspect-[16/9] lg:aspect-[21/9]"
    >
      <PromoStill />
      <video
        ref={video}
        className="absolute inset-0 -z-10 size-full object-cover"
        autoPlay={autoPlay}
        muted
        loop
        playsInline
        preload={autoPlay ? 'metadata' : 'none'}
        aria-hidden="true"
        tabIndex={-1}
      >
        <source src={PROMO_VIDEO.webm} type="video/webm" />
        <source src={PROMO_VIDEO.mp4} type="video/mp4" />
      </video>
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-linear-to-t from-ink/85 via-ink/35 to-ink/0 sm:bg-linear-to-r sm:from-ink/80 sm:via-ink/40"
      />
      <PromoCopy />
      <button
        type="button"
        onClick={toggle}
        aria-label={playing ? 'Pause the promotional video' : 'Play the promotional video'}
        className="absolute right-4 bottom-4 grid size-11 place-items-center rounded-full border border-paper/30 bg-ink/50 text-paper backdrop-blur transition-colors hover:bg-ink/70 sm:right-6 sm:bottom-6"
      >
        {playing ? (
          <Pause aria-hidden="true" className="size-4" fill="currentColor" />
        ) : (
          <Play aria-hidden="true" className="size-4" fill="currentColor" />
        )}
      </button>
    </section>
  );
}

/** Under the video: a gradient, shown until (and unless) the poster or video paints over it, and the poster. */
function PromoStill() {
  return (
    <>
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-20 bg-[radial-gradient(120%_90%_at_85%_10%,rgb(233_196_106/0.35),transparent_55%),radial-gradient(90%_80%_at_10%_100%,rgb(180_83_42/0.45),transparent_60%)]"
      />
      {/*
      The still the video opens on, under it (a video's poster cannot be chosen by screen): a
      phone gets its own crop. The page's main image, preloaded from the head.
    */}
      <picture>
        <source
          media={PROMO_PHONE_MEDIA}
          srcSet={PROMO_POSTER_PHONE}
          type="image/webp"
          width={576}
          height={720}
        />
        <img
          src={PROMO_POSTER}
          alt=""
          width={1280}
          height={720}
          fetchPriority="high"
          className="absolute inset-0 -z-10 size-full object-cover"
        />
      </picture>
    </>
  );
}

/** The headline, the promise and the two ways in. */
function PromoCopy() {
  return (
    <div className="flex h-full max-w-2xl flex-col justify-end gap-5 p-6 pb-20 sm:justify-center sm:p-12 lg:p-16">
      <p className="text-xs font-bold tracking-[0.25em] text-gold uppercase">The new season</p>
      <h1
        id="hero-title"
        className="text-4xl leading-[1.05] font-semibold text-balance sm:text-5xl lg:text-6xl"
      >
        Everyday pieces, made to last.
      </h1>
      <p className="max-w-md text-base leading-relaxed text-paper/85 sm:text-lg">
        Clothing, shoes and accessories for men, women and kids, chosen for quality and delivered across the
        Philippines.
      </p>
      <div className="mt-2 flex flex-wrap gap-3">
        <Button asChild size="lg" className="bg-paper text-ink hover:bg-sand">
          <Link to={paths.products}>Browse Collections</Link>
        </Button>
        <Button
          asChild
          size="lg"
          variant="ghost"
          className="border border-paper/40 text-paper hover:bg-paper/10 max-sm:hidden"
        >
          <Link to={paths.about}>Our story</Link>
        </Button>
      </div>
    </div>
  );
}
