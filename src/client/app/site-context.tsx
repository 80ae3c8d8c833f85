// Facts about the site the server knows and every page may need (the studio's name, its URL).
import { createContext, useContext } from 'react';

export interface SiteInfo {
  name: string;
  url: string;
}

export const SiteContext = createContext<SiteInfo>({ name: 'Northpaw Studio', url: '' });

export function useSite(): SiteInfo {
  return useContext(SiteContext);
}
