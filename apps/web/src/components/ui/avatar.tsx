import { imageSrcSet } from '@habi/shared';
import { useState } from 'react';
import { cn } from '../../lib/cn.ts';

/** The default person picture, drawn inline so it needs no request. */
function DefaultAvatar({ label, className }: { label: string; className?: string }) {
  return (
    <svg viewBox="0 0 64 64" role="img" aria-label={label} className={cn('size-full', className)}>
      <title>{label}</title>
      <rect width="64" height="64" fill="var(--color-sand)" />
      <circle cx="32" cy="25" r="11" fill="var(--color-muted)" opacity="0.55" />
      <path d="M10 64c1.6-13 10.6-21 22-21s20.4 8 22 21z" fill="var(--color-muted)" opacity="0.55" />
    </svg>
  );
}

interface AvatarProps {
  /** The picture's URL; empty (or failing to load) shows the default person. */
  src?: string | null;
  alt: string;
  className?: string;
  /** The rendered width, for the browser to pick a size from the srcset. */
  sizes?: string;
}

/** A round profile picture that keeps its size while loading and falls back to the default. */
export function Avatar({ src, alt, className, sizes = '96px' }: AvatarProps) {
  return (
    <span
      className={cn(
        'relative block size-16 shrink-0 overflow-hidden rounded-full bg-sand ring-1 ring-line',
        className,
      )}
    >
      {/* Keyed by src, so a new picture gets a fresh try after an earlier one failed. */}
      <AvatarImage key={src ?? ''} src={src ?? ''} alt={alt} sizes={sizes} />
    </span>
  );
}

function AvatarImage({ src, alt, sizes }: { src: string; alt: string; sizes: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <DefaultAvatar label={alt} />;
  return (
    <img
      src={src}
      srcSet={imageSrcSet(src)}
      sizes={sizes}
      alt={alt}
      width={160}
      height={160}
      decoding="async"
      onError={() => setFailed(true)}
      className="size-full object-cover"
    />
  );
}
