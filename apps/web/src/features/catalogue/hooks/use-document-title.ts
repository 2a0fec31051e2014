import { useEffect } from 'react';
import { STORE_NAME } from '../../../components/layout/logo.tsx';
/** Names the browser tab after the page, so history and tabs read well. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title === undefined) return;
    const previous = document.title;
    document.title = title ? `${title} | ${STORE_NAME}` : STORE_NAME;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
