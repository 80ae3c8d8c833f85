// Which store a visitor's device buys from, read from its User-Agent: it orders the store badges
// (iPhone and iPad visitors see the App Store first, Android visitors Google Play). Three values
// only, so a page that varies by it is kept in at most three copies.
export const VISITOR_PLATFORMS = ['ios', 'android', 'other'] as const;
export type VisitorPlatform = (typeof VISITOR_PLATFORMS)[number];

export function visitorPlatform(userAgent: string | undefined): VisitorPlatform {
  if (!userAgent) return 'other';
  if (/\bAndroid\b/i.test(userAgent)) return 'android';
  // iPadOS 13+ Safari says "Macintosh"; only a touch screen tells, which the server cannot see.
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return 'ios';
  return 'other';
}

export type StoreName = 'appStore' | 'googlePlay';

/** The store badges' order for a visitor: their own store first, else the App Store then Google Play. */
export const storeOrder = (platform: VisitorPlatform): StoreName[] =>
  platform === 'android' ? ['googlePlay', 'appStore'] : ['appStore', 'googlePlay'];
