import { IMAGE_ACCEPT, IMAGE_MESSAGES, LIMITS, variationLabel } from '@habi/shared';
import { ArrowDown, ArrowUp, ImagePlus, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/field.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { cn } from '../../../lib/cn.ts';
import type { useMediaEdits } from '../hooks/use-media-edits.ts';
import { useObjectUrl } from '../hooks/use-object-url.ts';
import type { VariationItem } from '../utils/variation-edits.ts';
import { FormSection } from './form-bits.tsx';

const ACCEPT = Object.entries(IMAGE_ACCEPT)
  .flatMap(([type, extensions]) => [type, ...extensions])
  .join(',');

type Media = ReturnType<typeof useMediaEdits>;

/**
 * Edit Product's photos and variations: the main photo, and each variation (colour) with its
 * photo, moved up or down, removed, or added with a photo of its own. Nothing is sent until the
 * page's Update, which saves them with the details and the stock, all or none.
 */
export function VariationsCard({ media, disabled }: { media: Media; disabled: boolean }) {
  const { state, errors } = media;
  const [focusKey, setFocusKey] = useState<string>();
  const list = useRef<HTMLOListElement>(null);
  // A variation added takes the focus at its name field.
  useEffect(() => {
    if (focusKey)
      list.current?.querySelector<HTMLInputElement>(`[data-key="${focusKey}"] input[type="text"]`)?.focus();
  }, [focusKey]);
  const full = state.items.length >= LIMITS.variationsMax;

  return (
    <FormSection
      title="Photos and variations"
      description={`${IMAGE_MESSAGES.accepted}. A kept variation keeps its stock; a removed one loses it when you save.`}
    >
      <div className="flex flex-col gap-5">
        <div className="flex items-center gap-4">
          <Thumb url={state.main.url} file={state.main.file} alt="Main photo" />
          <div className="flex min-w-0 flex-col gap-1.5">
            <p className="text-sm font-semibold text-ink">Main photo</p>
            <PhotoPicker
              label="Replace main photo"
              text="Replace main photo"
              disabled={disabled}
              onPick={media.setMainFile}
              error={errors.main}
            />
          </div>
        </div>
        <div>
          <h3 className="mb-2 text-sm font-semibold text-ink">Variations</h3>
          {state.items.length === 0 ? (
            <p className="text-sm text-muted">No variations: the product is sold as its main photo shows.</p>
          ) : (
            <ol ref={list} className="flex flex-col gap-3">
              {state.items.map((item, index) => (
                <VariationRow
                  key={item.key}
                  item={item}
                  index={index}
                  count={state.items.length}
                  error={errors[item.key]}
                  media={media}
                  disabled={disabled}
                />
              ))}
            </ol>
          )}
          <Button
            variant="secondary"
            size="sm"
            className="mt-3 rounded-lg"
            disabled={disabled || full}
            onClick={() => setFocusKey(media.add())}
          >
            <Plus aria-hidden="true" className="-ml-1 size-4" />
            Add variation
          </Button>
          {full && <p className="mt-1.5 text-xs text-muted">At most {LIMITS.variationsMax} variations.</p>}
        </div>
      </div>
    </FormSection>
  );
}

function VariationRow({
  item,
  index,
  count,
  error,
  media,
  disabled,
}: {
  item: VariationItem;
  index: number;
  count: number;
  error: string | undefined;
  media: Media;
  disabled: boolean;
}) {
  const id = useId();
  const label = item.kept
    ? variationLabel(item.name) || item.name
    : item.name.trim() || `new variation ${index + 1}`;
  return (
    <li
      data-key={item.key}
      className={cn(
        'flex flex-col gap-3 rounded-xl border p-3 sm:flex-row sm:items-center',
        error ? 'border-danger/60' : 'border-line',
      )}
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Thumb url={item.url} file={item.file} alt={`${label} photo`} />
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          {item.kept ? (
            <p className="truncate text-sm font-semibold text-ink" title={item.name}>
              {item.name}
            </p>
          ) : (
            <div>
              <label htmlFor={`${id}-name`} className="text-xs font-semibold text-ink-soft">
                New variation name
              </label>
              <Input
                id={`${id}-name`}
                type="text"
                value={item.name}
                placeholder="Men T-shirt Khaki"
                disabled={disabled}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => media.setName(item.key, event.target.value)}
                className="h-10"
              />
            </div>
          )}
          <PhotoPicker
            label={`${item.file || item.url ? 'Replace' : 'Choose'} photo of ${label}`}
            text={item.file || item.url ? 'Replace photo' : 'Choose photo'}
            disabled={disabled}
            onPick={(file) => media.setFile(item.key, file)}
          />
        </div>
      </div>
      <div className="flex gap-1.5 self-end sm:self-center">
        <Button
          variant="secondary"
          size="icon"
          className="size-10 rounded-lg"
          aria-label={`Move ${label} up`}
          disabled={disabled || index === 0}
          onClick={() => media.move(index, -1)}
        >
          <ArrowUp aria-hidden="true" className="size-4" />
        </Button>
        <Button
          variant="secondary"
          size="icon"
          className="size-10 rounded-lg"
          aria-label={`Move ${label} down`}
          disabled={disabled || index === count - 1}
          onClick={() => media.move(index, 1)}
        >
          <ArrowDown aria-hidden="true" className="size-4" />
        </Button>
        <Button
          variant="secondary"
          size="icon"
          className="size-10 rounded-lg text-danger"
          aria-label={`Remove ${label}`}
          disabled={disabled}
          onClick={() => media.remove(item.key)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger sm:basis-full">
          {error}
        </p>
      )}
    </li>
  );
}

/** A photo: the one chosen (previewed from the file) or the one stored; a placeholder without either. */
function Thumb({ url, file, alt }: { url: string | null; file: File | null; alt: string }) {
  const preview = useObjectUrl(file);
  const frame = 'size-16 shrink-0 overflow-hidden rounded-lg border border-line bg-paper';
  if (file) {
    return preview ? (
      <img src={preview} alt={alt} className={cn(frame, 'object-contain')} />
    ) : (
      <span className={frame} />
    );
  }
  if (url) return <ProductImage src={url} alt={alt} sizes="64px" className={frame} />;
  return (
    <span className={cn(frame, 'flex items-center justify-center text-muted')}>
      <ImagePlus aria-hidden="true" className="size-5" />
    </span>
  );
}

/** A button that opens the file chooser, for PNG, JPEG or SVG. */
function PhotoPicker({
  label,
  text,
  disabled,
  onPick,
  error,
}: {
  label: string;
  text: string;
  disabled: boolean;
  onPick(file: File): void;
  error?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <div>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        aria-label={label}
        tabIndex={-1}
        className="sr-only"
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onPick(file);
          event.target.value = '';
        }}
      />
      <Button
        variant="secondary"
        size="sm"
        className="rounded-lg"
        aria-label={label}
        aria-describedby={error ? `${id}-error` : undefined}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        <ImagePlus aria-hidden="true" className="-ml-1 size-4" />
        {text}
      </Button>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
