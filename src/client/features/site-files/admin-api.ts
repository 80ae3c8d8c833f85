// The admin's reads and writes of the hand-written root files, and the crawler's-eye check of any
// public file: the same request a crawler makes (anonymous, no cache, redirects not followed).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { SiteFile, SiteFileName } from '../../../shared/schemas/site-files';
import { errorMessage, http } from '../../lib/http';

export const siteFileQuery = (name: SiteFileName) => ({ queryKey: [api.siteFile(name)] as const });

export const useSiteFile = (name: SiteFileName) => useQuery<SiteFile>(siteFileQuery(name));

/** What a crawler got from a public address. */
export interface CrawlerView {
  /** 0 when the reply was a redirect (not followed, as the stores' crawlers may not). */
  status: number;
  redirected: boolean;
  contentType: string | null;
  body: string;
}

export const crawlerKey = (url: string) => ['crawler', url] as const;

async function crawl(url: string): Promise<CrawlerView> {
  const res = await fetch(url, { cache: 'no-store', credentials: 'omit', redirect: 'manual' });
  if (res.type === 'opaqueredirect') return { status: 0, redirected: true, contentType: null, body: '' };
  return {
    status: res.status,
    redirected: false,
    contentType: res.headers.get('content-type'),
    body: await res.text(),
  };
}

/** The public file as a crawler gets it now; read afresh every time the screen shows it. */
export const useCrawlerView = (url: string) =>
  useQuery({ queryKey: crawlerKey(url), queryFn: () => crawl(url), staleTime: 0, gcTime: 0 });

export function useSaveSiteFile(name: SiteFileName, publicUrl: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => http.put<SiteFile>(api.siteFile(name), { content }),
    onSuccess: (saved) => queryClient.setQueryData(siteFileQuery(name).queryKey, saved),
    meta: {
      success: (saved) => ({
        title: `${name} saved`,
        description: (saved as SiteFile).content
          ? 'Crawlers get the new file now.'
          : 'The file is empty: its address answers 404 (Not Found) now.',
      }),
      error: (error) => ({ title: `Failed to save ${name}`, description: errorMessage(error) }),
      invalidates: [crawlerKey(publicUrl)],
    },
  });
}
