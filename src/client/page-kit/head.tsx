// Page metadata: a public page's Head hands its data to the server renderer (title, meta, JSON-LD,
// status), which writes the document's head.
import { createContext, useContext } from 'react';
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
  /** Apple Smart App Banner: the App Store id (its app-argument is the page's canonical URL). */
  appStoreId?: string;
  /** The X App Card (twitter:card=app): the app's name, its store ids and the address that opens it. */
  twitterApp?: {
    name: string;
    iphone?: { id: string; url?: string };
    googlePlay?: { id: string; url?: string };
  };
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
  useContext(HeadContext)?.set(props);
  return null;
}
