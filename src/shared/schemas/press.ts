// Press kits (issue 14, part 4) in the presskit() shape: the studio's and one per app, and the
// "request a press copy" form. One schema for the server's checks and the admin's forms.
import { z } from './zod';
import { LIMITS } from '../constants';
import { httpUrl, imageUrl, optionalHttpUrl } from './common';
import { parseTrailer } from './apps';
import { HONEYPOT_FIELD } from './messages';

export const MONETIZATION = ['not_allowed', 'ask', 'non_commercial', 'allowed'] as const;
export type Monetization = (typeof MONETIZATION)[number];

/** The admin's choice, in a few words. */
export const MONETIZATION_LABELS: Record<Monetization, string> = {
  not_allowed: 'Not allowed',
  ask: 'Ask us first',
  non_commercial: 'Non-commercial only',
  allowed: 'Allowed',
};

/** What the press page says, in plain words (`what` is the app's title, or "our games and apps"). */
export function monetizationText(value: Monetization, what: string): string {
  switch (value) {
    case 'allowed':
      return `You may monetize videos and streams of ${what}.`;
    case 'non_commercial':
      return `You may make videos and streams of ${what}, but not monetize them.`;
    case 'not_allowed':
      return `Videos and streams of ${what} may not be monetized.`;
    default:
      return `Please ask us before monetizing videos and streams of ${what}.`;
  }
}

export const PRESS_LIMITS = {
  features: 30,
  releaseDates: 20,
  trailers: 10,
  logos: 20,
  awards: 30,
  quotes: 30,
  credits: 100,
} as const;

const text = (max: number, label: string, required = false) => {
  const base = z.string({ error: `${label} is required` }).trim();
  return (required ? base.min(1, `${label} is required`) : base).max(max, `${label} must be at most ${max} characters`);
};

const list = <T extends z.ZodType>(item: T, max: number, label: string) =>
  z
    .array(item, { error: `${label} must be a list` })
    .max(max, `At most ${max} ${label.toLowerCase()}`)
    .default([]);

function isCalendarDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const PRESS_MESSAGES = {
  date: 'Enter a date as YYYY-MM-DD',
  trailer: 'Enter a YouTube or Vimeo link (or the video id)',
  contact: 'Enter an email address or a link (https://…)',
} as const;

const EMAIL = z.email();

export const ReleaseDateSchema = z.object({
  platform: text(50, 'Platform', true),
  date: z
    .string({ error: PRESS_MESSAGES.date })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, PRESS_MESSAGES.date)
    .refine(isCalendarDate, PRESS_MESSAGES.date),
});
export const AwardSchema = z.object({ title: text(200, 'Award', true), detail: text(300, 'Detail').default('') });
export const QuoteSchema = z.object({
  quote: text(1000, 'Quote', true),
  source: text(200, 'Source', true),
  url: optionalHttpUrl(),
});
export const CreditSchema = z.object({ name: text(100, 'Name', true), role: text(200, 'Role').default('') });

/** A trailer as written: a YouTube or Vimeo link or id, and its title. */
export const TrailerInputSchema = z
  .object({
    video: z.string({ error: PRESS_MESSAGES.trailer }).trim().max(300, PRESS_MESSAGES.trailer),
    title: text(200, 'Title').default(''),
  })
  .transform((t, ctx) => {
    const parsed = parseTrailer(t.video);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: PRESS_MESSAGES.trailer, path: ['video'] });
      return z.NEVER;
    }
    return { ...parsed, title: t.title };
  });
export const TrailerSchema = z.object({ provider: z.enum(['youtube', 'vimeo']), id: z.string(), title: z.string() });
export type PressTrailer = z.infer<typeof TrailerSchema>;

/** PUT /api/admin/press-kits/…: the whole kit (missing lists and texts are empty). */
export const PressKitInputSchema = z.object({
  basedIn: text(100, 'Based in').default(''),
  foundedOn: text(50, 'Founded').default(''),
  website: optionalHttpUrl(),
  pressContact: text(LIMITS.urlMax, 'Press contact')
    .default('')
    .refine((v) => v === '' || EMAIL.safeParse(v).success || httpUrl().safeParse(v).success, PRESS_MESSAGES.contact),
  /** Rich text (sanitised on the server). */
  description: z.string().max(LIMITS.htmlMax, 'Description is too long').default(''),
  history: z.string().max(LIMITS.htmlMax, 'History is too long').default(''),
  features: list(text(300, 'Feature', true), PRESS_LIMITS.features, 'Features'),
  releaseDates: list(ReleaseDateSchema, PRESS_LIMITS.releaseDates, 'Release dates'),
  trailers: list(TrailerInputSchema, PRESS_LIMITS.trailers, 'Trailers'),
  logos: list(imageUrl('Each logo must be a valid URL'), PRESS_LIMITS.logos, 'Logos'),
  awards: list(AwardSchema, PRESS_LIMITS.awards, 'Awards'),
  quotes: list(QuoteSchema, PRESS_LIMITS.quotes, 'Quotes'),
  credits: list(CreditSchema, PRESS_LIMITS.credits, 'Credits'),
  monetization: z
    .enum(MONETIZATION, { error: `Monetization must be one of: ${MONETIZATION.join(', ')}` })
    .default('ask'),
  /** For API clients: the version the edit is based on (the admin sends If-Match). */
  version: z.number().int().min(0).optional(),
});
export type PressKitInput = z.input<typeof PressKitInputSchema>;
export type PressKitData = z.output<typeof PressKitInputSchema>;

export const PressKitSchema = z.object({
  /** Null: the studio's kit. */
  appId: z.number().nullable(),
  basedIn: z.string(),
  foundedOn: z.string(),
  website: z.string().nullable(),
  pressContact: z.string(),
  description: z.string(),
  history: z.string(),
  features: z.array(z.string()),
  releaseDates: z.array(z.object({ platform: z.string(), date: z.string() })),
  trailers: z.array(TrailerSchema),
  logos: z.array(z.string()),
  awards: z.array(z.object({ title: z.string(), detail: z.string() })),
  quotes: z.array(z.object({ quote: z.string(), source: z.string(), url: z.string().nullable() })),
  credits: z.array(z.object({ name: z.string(), role: z.string() })),
  monetization: z.enum(MONETIZATION),
  /** 0: never saved. */
  version: z.number(),
  updatedAt: z.string().nullable(),
  /** Read with ?locale= (issue 24): the language of its texts. */
  contentLocale: z.string().optional(),
});
export type PressKit = z.infer<typeof PressKitSchema>;

/** A kit that was never written. */
export const emptyPressKit = (appId: number | null): PressKit => ({
  appId,
  basedIn: '',
  foundedOn: '',
  website: null,
  pressContact: '',
  description: '',
  history: '',
  features: [],
  releaseDates: [],
  trailers: [],
  logos: [],
  awards: [],
  quotes: [],
  credits: [],
  monetization: 'ask',
  version: 0,
  updatedAt: null,
});

/** The form "Request a press copy" (POST /api/press-requests), with the contact form's honeypot. */
export const PressRequestInputSchema = z.object({
  name: text(200, 'Name', true),
  email: z
    .string({ error: 'Invalid email address' })
    .trim()
    .max(254, 'Invalid email address')
    .pipe(z.email('Invalid email address')),
  outlet: text(200, 'Outlet', true),
  platform: text(50, 'Platform').default(''),
  message: text(LIMITS.messageMax, 'Message').default(''),
  /** The app the copy is for; none: the studio's games in general. */
  appId: z.coerce
    .number({ error: 'Invalid app' })
    .int('Invalid app')
    .positive('Invalid app')
    .max(2_147_483_647, 'Invalid app')
    .optional(),
  [HONEYPOT_FIELD]: z.string().max(LIMITS.urlMax).optional(),
});
export type PressRequestInput = z.input<typeof PressRequestInputSchema>;

export const PRESS_REQUEST_TAG = 'press';
