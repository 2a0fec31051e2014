import { useEffect, useState } from 'react';

/**
 * A preview URL for a chosen file, revoked when the file changes or the component goes.
 * Keyed by the File itself, so re-renders never make a new URL, and a URL is only returned
 * for the file it was made from (never a revoked one for a replaced file). Made in an effect,
 * so StrictMode's mount-unmount-mount in development leaves no revoked URL behind.
 */
export function useObjectUrl(file: File | null | undefined): string | undefined {
  const [preview, setPreview] = useState<{ file: File; url: string }>();
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview({ file, url });
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return file && preview?.file === file ? preview.url : undefined;
}
