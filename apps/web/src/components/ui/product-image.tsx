import { imageSrcSet } from '@habi/shared';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn.ts';

interface ProductImageProps {
  src: string;
  alt: string;
  /** The rendered width, for the browser to pick a size from the srcset. */
  sizes?: string;
  className?: string;
  priority?: boolean;
}

/**
 * A product photo in a square frame that reserves its space before the image loads (no
 * layout shift), picking the 400 or 800 px WebP by the rendered size.
 */
export function ProductImage({
  src,
  alt,
  sizes = '(min-width: 640px) 300px, 50vw',
  className,
  priority,
}: ProductImageProps) {
  // The photo that failed to load: a new `src` (a cart line's photo once its product is read
  // again) gets its own try.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;
  // Spans, not divs: the frame sits inside buttons (the variation thumbnails), which take phrasing content only.
  return (
    <span className={cn('relative block aspect-square overflow-hidden bg-sand', className)}>
      {failed || !src ? (
        <span className="grid size-full place-items-center text-muted" role="img" aria-label={alt}>
          <ImageOff aria-hidden="true" className="size-8" />
        </span>
      ) : (
        <img
          src={src}
          srcSet={imageSrcSet(src)}
          sizes={sizes}
          alt={alt}
          width={800}
          height={800}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          onError={() => setFailedSrc(src)}
          className="size-full object-cover"
        />
      )}
    </span>
  );
}
