// The studio's identity, edited in Site Settings (issue 11): its name (SITE_NAME is only the
// first-run default), tagline, logo, footer text and default share image. The public site
// address comes from the server's configuration and is shown read-only.
import { z } from './zod';
import { isMediaPath, requiredText } from './common';

export const SITE_NAME_MAX = 100;
export const TAGLINE_MAX = 160;
export const FOOTER_TEXT_MAX = 500;
/** What link previews need of the default share image (Open Graph, X's large card). */
export const SHARE_IMAGE_RULE = 'The share image must be a JPEG or PNG of at least 1200 × 630 pixels';

/** An image uploaded to the media library (a /media/ path of this site), or none. */
const uploadedImage = (label: string) =>
  z
    .union([
      z.literal(''),
      z.null(),
      z.string().trim().refine(isMediaPath, `${label} must be an image from the media library`),
    ])
    .optional()
    .transform((v) => (v ? v : null));

export const SiteSettingsInputSchema = z.object({
  name: requiredText(
    SITE_NAME_MAX,
    'Studio name is required',
    `Studio name must be at most ${SITE_NAME_MAX} characters`,
  ),
  tagline: z
    .string()
    .trim()
    .max(TAGLINE_MAX, `Tagline must be at most ${TAGLINE_MAX} characters`)
    .optional()
    .default(''),
  logo: uploadedImage('The logo'),
  footerText: z
    .string()
    .trim()
    .max(FOOTER_TEXT_MAX, `Footer text must be at most ${FOOTER_TEXT_MAX} characters`)
    .optional()
    .default(''),
  shareImage: uploadedImage('The share image'),
});
export type SiteSettingsInput = z.input<typeof SiteSettingsInputSchema>;
export type SiteSettingsData = z.output<typeof SiteSettingsInputSchema>;

export const SiteSettingsSchema = z.object({
  name: z.string(),
  tagline: z.string(),
  logo: z.string().nullable(),
  footerText: z.string(),
  shareImage: z.string().nullable(),
  /** The public site address (SITE_URL): read-only. */
  siteUrl: z.string(),
  updatedAt: z.string().nullable(),
  /** The site's languages (issue 24), the default first. */
  locales: z.array(
    z.object({ code: z.string(), name: z.string(), isDefault: z.boolean(), dir: z.enum(['ltr', 'rtl']) }),
  ),
  /** The language the texts are in, when read with ?locale= (issue 24). */
  contentLocale: z.string().optional(),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;
