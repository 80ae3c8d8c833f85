// Building blocks for the API contract: URLs, optional links, ids, timestamps.
import { z } from './zod';
import { LIMITS } from '../constants';

export const INVALID_URL = 'Please enter a valid URL';

/** True for an absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A host name with a dot (and an optional port), then an optional path, query or fragment. */
const BARE_ADDRESS = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/**
 * An address as a person types it, completed: `example.com/page` and `//example.com` gain `https:`;
 * anything else (a full URL, a /media/ path, an id, text that is no address) is returned as it was,
 * for the form's check to judge. Only forms use it: the API still asks for http(s) URLs.
 */
export function completeUrl(value: string): string {
  const v = value.trim();
  if (v.startsWith('//')) return BARE_ADDRESS.test(v.slice(2)) ? `https:${v}` : value;
  return BARE_ADDRESS.test(v) ? `https://${v}` : value;
}

/** True for a path to an image the site serves itself (uploads and demo images). */
export function isMediaPath(value: string): boolean {
  return /^\/media\/[A-Za-z0-9._\-/]+$/.test(value) && !value.includes('..');
}

/** A required web link: http(s) only. */
export const httpUrl = (message = INVALID_URL) =>
  z.string({ error: message }).trim().max(LIMITS.urlMax, 'URL is too long').refine(isHttpUrl, message);

/** A required image reference: http(s) URL or a /media/ path of this site. */
export const imageUrl = (message = INVALID_URL) =>
  z
    .string({ error: message })
    .trim()
    .max(LIMITS.urlMax, 'URL is too long')
    .refine((v) => isHttpUrl(v) || isMediaPath(v), message);

/** An optional link: empty, null or missing become null; anything else must be http(s). */
export const optionalHttpUrl = (message = INVALID_URL) =>
  z
    .union([z.literal(''), z.null(), httpUrl(message)])
    .optional()
    .transform((v) => (v ? v : null));

/** A text that must be written (trimmed): `required` when empty or missing, `tooLong` past `max`. */
export const requiredText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** An optional short text: empty or missing become null. */
export const optionalText = (max: number = LIMITS.shortText) =>
  z
    .union([z.null(), z.string().trim().max(max, `Must be at most ${max} characters`)])
    .optional()
    .transform((v) => (v ? v : null));

/**
 * A positive integer id from a path segment, written in digits only (no sign, exponent, spaces
 * or hex), so each resource has one address.
 */
/** A whole number of days from `min` to `max` (a form's text coerced), one message for every way it is wrong. */
export const wholeDays = (min: number, max: number, rule: string) =>
  z.coerce.number({ error: rule }).int(rule).min(min, rule).max(max, rule);

export const IdParamsSchema = z.object({
  id: z
    .string({ message: 'Invalid id' })
    .regex(/^\d{1,10}$/, 'Invalid id')
    .transform(Number)
    .pipe(z.number().int().positive('Invalid id').max(2_147_483_647, 'Invalid id')),
});

export const OkSchema = z.object({ success: z.literal(true) });
