// What the translation editor shows for each kind of item: its translated fields, in the item form's
// order and with its labels, and how each is written (one line, a paragraph, rich text, the FAQ list).
import type { TranslationFieldsKind } from '../../../shared/schemas/translations';

export type FieldInput = 'text' | 'textarea' | 'rich' | 'faq' | 'url' | 'lines';

export interface TranslatedField {
  name: string;
  label: string;
  input: FieldInput;
  hint?: string;
}

const f = (name: string, label: string, input: FieldInput = 'text', hint?: string): TranslatedField => ({
  name,
  label,
  input,
  hint,
});

const STORE_LINK_HINT = 'Only where this language’s store listing has its own link; empty uses the app’s.';

export const TRANSLATED_FIELDS: Record<TranslationFieldsKind, readonly TranslatedField[]> = {
  app: [
    f('title', 'Title'),
    f('tagline', 'Tagline'),
    f('description', 'Description', 'textarea'),
    f('longDescription', 'About this app', 'rich'),
    f('accessibilityNote', 'More about accessibility', 'textarea'),
    f('appStoreLink', 'App Store link', 'url', STORE_LINK_HINT),
    f('googlePlayLink', 'Google Play link', 'url', STORE_LINK_HINT),
  ],
  post: [
    f('title', 'Title'),
    f('excerpt', 'Excerpt', 'textarea'),
    f('content', 'Content', 'rich'),
    f('seoTitle', 'Headline for search and sharing'),
    f('seoDescription', 'Description for search and sharing', 'textarea'),
  ],
  home: [
    f('heroTitle', 'Hero Title'),
    f('heroSubtitle', 'Hero Subtitle'),
    f('heroContent', 'Hero Content', 'textarea'),
    f('introTitle', 'Intro Title'),
    f('introContent', 'Intro Content', 'textarea'),
    f('featuredAppTitle', 'Featured Apps Title'),
    f('ctaText', 'Call To Action Text'),
  ],
  about: [f('title', 'Title'), f('content', 'Content', 'rich')],
  privacy: [f('content', 'Privacy Policy Content', 'rich')],
  contact: [f('location', 'Location')],
  site: [f('name', 'Studio name'), f('tagline', 'Tagline'), f('footerText', 'Footer text', 'textarea')],
  support: [f('supportIntro', 'Introduction', 'rich'), f('faq', 'Frequently asked questions', 'faq')],
  deletion: [
    f('deletionDeleted', 'What is deleted', 'rich'),
    f('deletionKept', 'What is kept, and for how long', 'rich'),
  ],
  press: [
    f('basedIn', 'Based in'),
    f('description', 'Description', 'rich'),
    f('history', 'History', 'rich'),
    f('features', 'Features', 'lines', 'One feature a line.'),
  ],
  release: [f('notes', "What's new", 'textarea', "Plain text, at most 4,000 characters (the App Store's limit).")],
};

/** The heading of a kind's translation card. */
export const KIND_TITLES: Record<TranslationFieldsKind, string> = {
  app: 'App details',
  post: 'Blog post',
  home: 'Home page',
  about: 'About Us',
  privacy: 'Privacy Policy',
  contact: 'Contact information',
  site: 'Studio name and texts',
  support: 'Support page',
  deletion: 'Account deletion page',
  press: 'Press kit',
  release: 'Release notes',
};
