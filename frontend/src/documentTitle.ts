import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { documentTitleFor } from './routes';

/** Names each screen in the tab title (from the route table), which screen readers also announce on navigation. */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitleFor(pathname);
  }, [pathname]);
}
