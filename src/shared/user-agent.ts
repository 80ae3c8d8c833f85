// A short, readable name for the device behind a User-Agent ("Chrome on Windows"), for the list of
// a user's sessions. Good enough to tell one's own devices apart; not browser detection.
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function describeUserAgent(userAgent: string): string {
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

/**
 * The device class behind a User-Agent, for visitor analytics (issue 27): read when the visit is
 * counted, never stored with the User-Agent itself. Tablets first: an Android tablet's agent has no
 * "Mobile", an iPad's says "iPad" (iPadOS 13+ Safari says "Macintosh" and counts as a desktop).
 */
export function deviceClass(userAgent: string): 'phone' | 'tablet' | 'desktop' {
  if (/\biPad\b|\bTablet\b|\bKindle\b|\bSilk\//i.test(userAgent)) return 'tablet';
  if (/\bAndroid\b/.test(userAgent)) return /\bMobile\b/.test(userAgent) ? 'phone' : 'tablet';
  if (/\bMobi|\biPhone\b|\biPod\b|\bWindows Phone\b/i.test(userAgent)) return 'phone';
  return 'desktop';
}

/** Operating system families counted by visitor analytics; anything else is 'Other'. */
const OS_FAMILIES: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

/** The operating system family of a User-Agent: 'iOS', 'Android', 'ChromeOS', 'Windows', 'macOS', 'Linux' or 'Other'. */
export function osFamily(userAgent: string): string {
  return OS_FAMILIES.find(([re]) => re.test(userAgent))?.[1] ?? 'Other';
}
