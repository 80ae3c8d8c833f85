import { z } from './zod';

// An app's age ratings (issue 25): one per rating system, as IARC's single questionnaire gives them
// to mobile and console games (PEGI, ESRB, USK, ClassInd, ACB and IARC's generic rating). A rating
// and its content descriptors are official marks: they are stored and shown as the rating body
// writes them (USK's in German, ClassInd's in Portuguese), never translated. The interactive-element
// notices are stored by key and shown in the page's language (catalogue `ratingNotice.{key}`).

/** The rating systems, in the order the form offers them. */
export const RATING_SYSTEMS = ['pegi', 'esrb', 'usk', 'classind', 'acb', 'iarc'] as const;
export type RatingSystem = (typeof RATING_SYSTEMS)[number];

interface SystemList {
  /** The system's name as it marks its ratings ("PEGI 7", "ESRB E10+"). */
  name: string;
  ratings: readonly string[];
  descriptors: readonly string[];
}

/** Each system's ratings (youngest first) and content descriptors, in its own words. */
export const RATING_SYSTEM_LISTS: Record<RatingSystem, SystemList> = {
  pegi: {
    name: 'PEGI',
    ratings: ['3', '7', '12', '16', '18'],
    descriptors: ['Bad Language', 'Discrimination', 'Drugs', 'Fear', 'Gambling', 'Sex', 'Violence'],
  },
  esrb: {
    name: 'ESRB',
    ratings: ['E', 'E10+', 'T', 'M', 'AO', 'RP'],
    descriptors: [
      'Alcohol Reference',
      'Animated Blood',
      'Blood',
      'Blood and Gore',
      'Cartoon Violence',
      'Comic Mischief',
      'Crude Humor',
      'Drug Reference',
      'Fantasy Violence',
      'Intense Violence',
      'Language',
      'Lyrics',
      'Mature Humor',
      'Mild Blood',
      'Mild Cartoon Violence',
      'Mild Fantasy Violence',
      'Mild Language',
      'Mild Lyrics',
      'Mild Suggestive Themes',
      'Mild Violence',
      'Nudity',
      'Partial Nudity',
      'Real Gambling',
      'Sexual Content',
      'Sexual Themes',
      'Sexual Violence',
      'Simulated Gambling',
      'Strong Language',
      'Strong Lyrics',
      'Strong Sexual Content',
      'Suggestive Themes',
      'Tobacco Reference',
      'Use of Alcohol',
      'Use of Drugs',
      'Use of Tobacco',
      'Violence',
      'Violent References',
    ],
  },
  usk: {
    name: 'USK',
    ratings: ['0', '6', '12', '16', '18'],
    descriptors: [
      'Abstrakte Gewalt',
      'Comic-Gewalt',
      'Fantasy-Gewalt',
      'Realistische Gewalt',
      'Drastische Gewalt',
      'Krieg',
      'Horror',
      'Schreckmomente',
      'Belastende Themen',
      'Sexuelle Andeutungen',
      'Sexuelle Inhalte',
      'Schimpfwörter',
      'Diskriminierung',
      'Drogen',
      'Alkohol',
      'Tabak',
      'Glücksspielthematik',
      'Simuliertes Glücksspiel',
      'Handlungsdruck',
    ],
  },
  classind: {
    name: 'ClassInd',
    ratings: ['L', '10', '12', '14', '16', '18'],
    descriptors: [
      'Violência',
      'Violência Extrema',
      'Linguagem Imprópria',
      'Conteúdo Sexual',
      'Nudez',
      'Sexo',
      'Sexo Explícito',
      'Drogas',
      'Drogas Lícitas',
      'Drogas Ilícitas',
      'Medo',
      'Conteúdo Impactante',
      'Atos Criminosos',
    ],
  },
  acb: {
    name: 'ACB',
    ratings: ['G', 'PG', 'M', 'MA 15+', 'R 18+'],
    descriptors: [
      'Mild Violence',
      'Fantasy Violence',
      'Violence',
      'Strong Violence',
      'Mild Coarse Language',
      'Coarse Language',
      'Strong Coarse Language',
      'Mild Themes',
      'Themes',
      'Strong Themes',
      'Sexual References',
      'Nudity',
      'Sex Scenes',
      'Drug References',
      'Drug Use',
      'Horror',
      'Crude Humour',
      'Simulated Gambling',
      'Online Interactivity',
    ],
  },
  iarc: {
    name: 'IARC',
    ratings: ['3+', '7+', '12+', '16+', '18+'],
    descriptors: [
      'Mild Violence',
      'Violence',
      'Extreme Violence',
      'Blood',
      'Fear',
      'Horror',
      'Mild Swearing',
      'Strong Language',
      'Crude Humor',
      'Sexual Innuendo',
      'Sexual Content',
      'Nudity',
      'Alcohol',
      'Tobacco',
      'Drugs',
      'Discrimination',
      'Simulated Gambling',
      'Gambling',
    ],
  },
};

/** The interactive elements IARC, ESRB and PEGI print beside a rating (they do not change it). */
export const RATING_NOTICES = [
  'in-game-purchases',
  'in-game-purchases-random-items',
  'users-interact',
  'shares-location',
  'unrestricted-internet',
] as const;
export type RatingNotice = (typeof RATING_NOTICES)[number];

/** The notices' official English wording (IARC's and ESRB's); pages show the catalogue's `ratingNotice.{key}`. */
export const RATING_NOTICE_NAMES: Record<RatingNotice, string> = {
  'in-game-purchases': 'In-Game Purchases',
  'in-game-purchases-random-items': 'In-Game Purchases (Includes Random Items)',
  'users-interact': 'Users Interact',
  'shares-location': 'Shares Location',
  'unrestricted-internet': 'Unrestricted Internet',
};

export const RATING_MESSAGES = {
  system: `The rating system must be one of: ${RATING_SYSTEMS.map((s) => RATING_SYSTEM_LISTS[s].name).join(', ')}`,
  notice: `Each notice must be one of: ${RATING_NOTICES.join(', ')}`,
  twice: (name: string) => `${name} is rated twice: give each system one rating`,
  rating: (system: RatingSystem) =>
    `A ${RATING_SYSTEM_LISTS[system].name} rating is one of: ${RATING_SYSTEM_LISTS[system].ratings.join(', ')}`,
  descriptor: (name: string, value: string) => `"${value}" is not a ${name} content descriptor`,
} as const;

/** Keeps the listed values of `list` once each, in the list's order. */
const inOrderOf = <T extends string>(list: readonly T[], values: readonly string[]): T[] =>
  list.filter((v) => values.includes(v));

const AgeRatingInputSchema = z
  .object({
    system: z
      .string({ error: RATING_MESSAGES.system })
      .trim()
      .toLowerCase()
      .pipe(z.enum(RATING_SYSTEMS, { error: RATING_MESSAGES.system })),
    rating: z.string({ error: 'Choose a rating' }).trim().max(20, 'Choose a rating'),
    descriptors: z
      .array(z.string({ error: 'Each descriptor must be a text' }).trim().max(100, 'Each descriptor is a short text'))
      .max(60, 'Too many descriptors')
      .default([]),
    notices: z
      .array(z.enum(RATING_NOTICES, { error: RATING_MESSAGES.notice }))
      .max(RATING_NOTICES.length * 2, 'Too many notices')
      .default([]),
  })
  .superRefine((entry, ctx) => {
    const list = RATING_SYSTEM_LISTS[entry.system];
    if (!list.ratings.includes(entry.rating)) {
      ctx.addIssue({ code: 'custom', path: ['rating'], message: RATING_MESSAGES.rating(entry.system) });
    }
    entry.descriptors.forEach((value, i) => {
      if (!list.descriptors.includes(value)) {
        ctx.addIssue({
          code: 'custom',
          path: ['descriptors', i],
          message: RATING_MESSAGES.descriptor(list.name, value),
        });
      }
    });
  })
  .transform((entry) => {
    const list = RATING_SYSTEM_LISTS[entry.system];
    return {
      system: entry.system,
      rating: entry.rating,
      descriptors: inOrderOf(list.descriptors, entry.descriptors),
      notices: inOrderOf(RATING_NOTICES, entry.notices),
    };
  });

/** One system's rating as stored and read. */
export interface AgeRating {
  system: RatingSystem;
  rating: string;
  descriptors: string[];
  notices: RatingNotice[];
}

/** The app form's `ratings`: at most one entry per system, kept in the systems' order. */
export const AgeRatingsInputSchema = z
  .array(AgeRatingInputSchema, { error: 'Ratings must be a list of { system, rating, descriptors, notices }' })
  .max(RATING_SYSTEMS.length * 2, 'Too many ratings')
  .superRefine((entries, ctx) => {
    entries.forEach((entry, i) => {
      if (entries.findIndex((e) => e.system === entry.system) !== i) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'system'],
          message: RATING_MESSAGES.twice(RATING_SYSTEM_LISTS[entry.system].name),
        });
      }
    });
  })
  .transform((entries): AgeRating[] =>
    [...entries].sort((a, b) => RATING_SYSTEMS.indexOf(a.system) - RATING_SYSTEMS.indexOf(b.system)),
  );

/** The ratings as read (the stored JSON, checked loosely: the lists may grow). */
export const AgeRatingSchema = z.object({
  system: z.enum(RATING_SYSTEMS),
  rating: z.string(),
  descriptors: z.array(z.string()),
  notices: z.array(z.enum(RATING_NOTICES)),
});

/** "PEGI 7", "ESRB E10+", "ACB MA 15+": the mark as the system writes it. */
export const ratingMark = (rating: Pick<AgeRating, 'system' | 'rating'>): string =>
  `${RATING_SYSTEM_LISTS[rating.system].name} ${rating.rating}`;
