// The islands a public page can hold. Each name is a module in this folder whose default export is
// a normal React component taking JSON props.
export const ISLAND_TAG = 'studio-island';

export type IslandName =
  | 'theme-menu'
  | 'mobile-menu'
  | 'contact-form'
  | 'screenshot-gallery'
  | 'trailer'
  | 'deletion-form'
  | 'press-request-form'
  | 'subscribe-form'
  | 'visit-counting';

/** useId prefix of an island, the same on the server and in the browser. */
export const islandIdPrefix = (name: IslandName) => `${name}-`;
