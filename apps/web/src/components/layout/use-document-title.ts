import { pageTitle } from '@habi/shared';
import { useEffect } from 'react';
import { STORE_NAME } from './logo.tsx';

/**
 * Names the browser tab after the page ("Cart | Habi"; '' for the store's name alone), so
 * history, tabs and screen readers read well; undefined leaves the title as it is.
 */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title === undefined) return;
    const previous = document.title;
    document.title = pageTitle(title, STORE_NAME);
    return () => {
      document.title = previous;
    };
  }, [title]);
}
