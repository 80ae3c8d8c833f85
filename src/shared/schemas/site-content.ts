// The single-row page texts: contact info, privacy policy, home content, About Us.
import { z } from './zod';
import { LIMITS } from '../constants';
import { parseDayMonthYear, parseFlexibleDate } from '../dates';
import { optionalHttpUrl, optionalText } from './common';

export const ContactInfoInputSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Invalid email address')
    .pipe(z.email('Invalid email address')),
  location: optionalText(),
  twitterLink: optionalHttpUrl(),
  linkedinLink: optionalHttpUrl(),
  githubLink: optionalHttpUrl(),
});
export type ContactInfoInput = z.input<typeof ContactInfoInputSchema>;
export const ContactInfoSchema = z.object({
  id: z.number(),
  email: z.string(),
  location: z.string().nullable(),
  twitterLink: z.string().nullable(),
  linkedinLink: z.string().nullable(),
  githubLink: z.string().nullable(),
  updatedAt: z.string(),
  /** The language the texts are in, when read with ?locale= (issue 24). */
  contentLocale: z.string().optional(),
});
export type ContactInfo = z.infer<typeof ContactInfoSchema>;

const htmlContent = (requiredMessage: string, min = 1, minMessage = requiredMessage) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .min(min, minMessage)
    .max(LIMITS.htmlMax, 'Content is too long');

export const INVALID_DMY = 'Date must be in DD/MM/YYYY format';
export const INVALID_DATE = 'Invalid date format. Please use DD/MM/YYYY format.';

/** The API accepts an ISO date (what the form's Date serialises to) or DD/MM/YYYY. */
/** The version an edit started from (issue 12): a save over a newer one is refused (409). */
const baseVersion = z.number().int().positive().optional();

export const PrivacyPolicyInputSchema = z.object({
  content: htmlContent('Content is required'),
  version: baseVersion,
  lastUpdated: z.union([z.string(), z.date()], { error: INVALID_DATE }).transform((value, ctx) => {
    const date = typeof value === 'string' ? parseFlexibleDate(value) : value;
    if (!date || Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: INVALID_DATE });
      return z.NEVER;
    }
    return date;
  }),
});
export type PrivacyPolicyInput = z.input<typeof PrivacyPolicyInputSchema>;

/** The admin form: the date typed as DD/MM/YYYY (SPEC §5 "Privacy policy"). */
export const PrivacyPolicyFormSchema = z.object({
  content: htmlContent('Content is required'),
  lastUpdated: z
    .string({ error: INVALID_DMY })
    .regex(/^\d{2}\/\d{2}\/\d{4}$/, INVALID_DMY)
    .refine((v) => parseDayMonthYear(v) !== null, INVALID_DATE),
});
export type PrivacyPolicyForm = z.infer<typeof PrivacyPolicyFormSchema>;

export const PrivacyPolicySchema = z.object({
  id: z.number(),
  content: z.string(),
  lastUpdated: z.string().nullable(),
  version: z.number(),
  updatedAt: z.string(),
  /** The language the texts are in, when read with ?locale= (issue 24). */
  contentLocale: z.string().optional(),
});
export type PrivacyPolicy = z.infer<typeof PrivacyPolicySchema>;

const optionalLongText = z
  .union([z.null(), z.string().trim().max(LIMITS.mediumText, 'Must be at most 2000 characters')])
  .optional()
  .transform((v) => v ?? '');

export const HomeContentInputSchema = z.object({
  heroTitle: z
    .string({ error: 'Hero title must be at least 2 characters' })
    .trim()
    .min(LIMITS.heroTitleMin, 'Hero title must be at least 2 characters')
    .max(LIMITS.shortText, 'Hero title must be at most 200 characters'),
  heroSubtitle: optionalLongText,
  heroContent: optionalLongText,
  introTitle: optionalLongText,
  introContent: optionalLongText,
  featuredAppTitle: z
    .string({ error: 'Featured app title must be at least 2 characters' })
    .trim()
    .min(LIMITS.featuredTitleMin, 'Featured app title must be at least 2 characters')
    .max(LIMITS.shortText, 'Featured app title must be at most 200 characters'),
  ctaText: optionalLongText,
  version: baseVersion,
});
export type HomeContentInput = z.input<typeof HomeContentInputSchema>;
export const HomeContentSchema = z.object({
  id: z.number(),
  heroTitle: z.string(),
  heroSubtitle: z.string(),
  heroContent: z.string(),
  introTitle: z.string(),
  introContent: z.string(),
  featuredAppTitle: z.string(),
  ctaText: z.string(),
  version: z.number(),
  updatedAt: z.string(),
  /** The language the texts are in, when read with ?locale= (issue 24). */
  contentLocale: z.string().optional(),
});
export type HomeContent = z.infer<typeof HomeContentSchema>;

export const AboutUsInputSchema = z.object({
  title: z
    .string({ error: 'Title must be at least 2 characters' })
    .trim()
    .min(LIMITS.aboutTitleMin, 'Title must be at least 2 characters')
    .max(LIMITS.shortText, 'Title must be at most 200 characters'),
  content: htmlContent('Content must be at least 10 characters', LIMITS.aboutContentMin),
  version: baseVersion,
});
export type AboutUsInput = z.input<typeof AboutUsInputSchema>;
export const AboutUsSchema = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  lastUpdated: z.string(),
  version: z.number(),
  updatedAt: z.string(),
  /** The language the texts are in, when read with ?locale= (issue 24). */
  contentLocale: z.string().optional(),
});
export type AboutUs = z.infer<typeof AboutUsSchema>;
