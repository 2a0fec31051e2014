import { useEffect } from 'react';
import { STORE_NAME } from '../../../components/layout/logo.tsx';

/** Names the browser tab after the page ("Cart | Habi"), restoring the old name on leaving. */
export function usePageTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} | ${STORE_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
