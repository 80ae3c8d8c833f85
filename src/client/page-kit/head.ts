// Page metadata: what a public page's definition (`head`, page-kit/public-page.ts) gives the server
// renderer (title, meta, JSON-LD, status), which writes the document's head.
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
  feeds?: {
    title: string;
    href: string;
    /** Default RSS; an app's release notes are Atom (issue 26). */ type?: string;
  }[];
  /** HTTP status of the page (404 for not found). */
  status?: number;
  noindex?: boolean;
  /** The page's language (set by the server render, issue 24): `<html lang dir>`, og:locale. */
  locale?: { code: string; dir: 'ltr' | 'rtl' };
  /** The page in every language it is published in (hreflang), itself and x-default included. */
  alternates?: { hreflang: string; path: string }[];
  /** The app the page belongs to (its page, blog, posts, privacy, support…): `<body data-app>`, which the analytics beacon sends (issue 27). */
  appId?: number;
}
