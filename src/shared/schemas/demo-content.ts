// "Remove the demo content" (issue 21): what would go (GET), and what went (DELETE).
import { z } from './zod';

/** The single-row texts the demo filled: each goes back to the never-written state. */
export const DEMO_PAGES = ['about', 'privacy', 'home', 'contact'] as const;
export type DemoPage = (typeof DEMO_PAGES)[number];

export const DEMO_PAGE_LABELS: Record<DemoPage, string> = {
  about: 'the demo About Us',
  privacy: 'privacy policy',
  home: 'home texts',
  contact: 'contact details',
};

const NamedSchema = z.object({ id: z.int(), title: z.string() });

export const DemoContentReportSchema = z.object({
  /** Demo apps that go, with everything that belongs to them (pages, press kit, privacy policy). */
  apps: z.array(NamedSchema),
  /** Demo posts that go (in the apps above or in an app that stays). */
  posts: z.int().min(0),
  pages: z.array(z.enum(DEMO_PAGES)),
  socialLinks: z.int().min(0),
  /** The studio press kit's demo texts and credits. */
  pressKit: z.boolean(),
  /** Images the demo drew that nothing left uses. */
  images: z.int().min(0),
  /** The Analytics screen's sample figures (issue 27): raw sample events and sample daily totals. */
  sampleFigures: z.boolean(),
  /**
   * Demo apps that stay because the studio wrote in them: `edited` (the app, its pages, press kit
   * or privacy policy was saved since), `posts` (a post of the studio's is under it).
   */
  keptApps: z.array(NamedSchema.extend({ reason: z.enum(['edited', 'posts']) })),
  /** Demo items that stay because the studio edited them (posts, texts, links), apps aside. */
  keptItems: z.int().min(0),
  /** Something would go: the Site Settings section shows itself only then. */
  hasDemoContent: z.boolean(),
});
export type DemoContentReport = z.infer<typeof DemoContentReportSchema>;
