// Page metadata. On the server, Head hands its data to the renderer (title, meta, JSON-LD, status);
// in the browser it keeps document.title and the description current as the visitor navigates.
import { createContext, useContext, useEffect } from 'react';
import type { ShareImage } from '../../shared/share-image';

export interface HeadData {
  title: string;
  description: string;
  /** Path of the canonical URL ('/about'). */
  path: string;
  /** The share image (og:image), chosen by the server render (ssr/share-image-head.ts); the studio's card when absent. */
  image?: ShareImage;
  type?: 'website' | 'article';
  jsonLd?: object[];
  /** Apple Smart App Banner: the App Store id. */
  appStoreId?: string;
  /** RSS feeds to advertise: { title, href }. */
  feeds?: { title: string; href: string }[];
  /** HTTP status of the page (404 for not found). */
  status?: number;
  noindex?: boolean;
}

/** The server render's collector: the page's Head reports its data here. */
export class HeadCollector {
  head?: HeadData;
  set(head: HeadData): void {
    this.head = head;
  }
}

export const HeadContext = createContext<HeadCollector | null>(null);

export function Head(props: HeadData) {
  const collector = useContext(HeadContext);
  collector?.set(props);
  const { title, description } = props;
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
  return null;
}
