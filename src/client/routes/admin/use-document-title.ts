import { useEffect } from 'react';
import { useSite } from '../../page-kit/site-context';

/** "<page> | Admin | <studio>" */
export function useDocumentTitle(page: string): void {
  const site = useSite();
  useEffect(() => {
    document.title = `${page} | Admin | ${site.name}`;
  }, [page, site.name]);
}
