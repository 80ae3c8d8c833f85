// Facts about the site every page may need: the studio's identity from Site Settings (name, tagline,
// logo, footer text, default share image) and its public address.
import { createContext, useContext } from 'react';
import type { SiteSettings } from '../../shared/schemas/site-settings';

export interface SiteInfo {
  name: string;
  url: string;
  tagline?: string;
  logo?: string | null;
  footerText?: string;
  shareImage?: string | null;
}

/** The site as the settings describe it; `fallback` until they are read (or if they cannot be). */
export function siteFrom(settings: SiteSettings | undefined, fallback: SiteInfo): SiteInfo {
  if (!settings) return fallback;
  const { name, tagline, logo, footerText, shareImage } = settings;
  return { name, url: fallback.url, tagline, logo, footerText, shareImage };
}

export const SiteContext = createContext<SiteInfo>({ name: 'Northpaw Studio', url: '' });

export function useSite(): SiteInfo {
  return useContext(SiteContext);
}
