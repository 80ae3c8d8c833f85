// The public site's own words in English: the site's default language, and the spec's exact texts
// (SPEC.md; tests and tools/spec-strings look for them). Every other catalogue translates these keys;
// a key a catalogue lacks reads as English. Keys are namespaced by page or island ('themeMenu.*' is
// all the theme menu island is sent). Values are ICU messages (react-intl).
import { contactFormEn, mobileMenuEn, themeMenuEn } from './en-islands';

export const en = {
  // The header's navigation (the static header and the mobile menu island).
  'nav.home': 'Home',
  'nav.blog': 'Blog',
  'nav.about': 'About Us',
  'nav.contact': 'Contact',
  'nav.privacy': 'Privacy Policy',
  'nav.main': 'Main',
  'nav.mainNoScript': 'Main (no script)',
  'layout.skipToContent': 'Skip to content',
  // The footer.
  'footer.tagline': 'Small studio, mobile games and apps made with care.',
  'footer.social': 'Social links',
  'footer.nav': 'Footer',
  'footer.links': 'Links',
  'footer.press': 'Press kit',
  'footer.rights': '© {year} {site}. All rights reserved.',
  // The islands' own words: their chunks carry their English (en-islands.ts).
  ...themeMenuEn,
  ...mobileMenuEn,
  ...contactFormEn,
  // Not found: any address no page has, and an item that does not exist.
  'notFound.title': '404 Page Not Found',
  'notFound.text': 'Did you forget to add the page to the router? Nothing lives at <code>{path}</code>.',
  'notFound.back': 'Back to home',
  'notFound.description': 'The page you are looking for does not exist.',
  'itemNotFound.back': 'Back to Home',
  // Page titles the heads write.
  'head.titleSuffix': '{title} | {site}',
  'about.title': 'About Us',
  'about.description':
    'Learn about {site}: our mission, our team and our approach to creating mobile games that people love.',
  'contact.title': 'Contact',
  'contact.description':
    'Get in touch with {site}: questions, feedback or partnership ideas about our mobile games and apps.',
  'privacy.description':
    'How {site} collects, uses and protects your information in our mobile games, apps and website.',
  'contact.heading': 'Contact Us',
  'privacy.title': 'Privacy Policy',
  'press.title': 'Press Kit',
  // An app's page (/apps/{slug}).
  'appPage.game': 'Game',
  'appPage.app': 'App',
  'appPage.details': 'Details',
  'appPage.price': 'Price',
  'appPage.free': 'Free',
  'appPage.release': 'Release',
  'appPage.released': 'Released',
  'appPage.comingSoon': 'Coming soon',
  'appPage.platforms': 'Platforms',
  'appPage.genre': 'Genre',
  'appPage.category': 'Category',
  'appPage.ageRating': 'Age rating',
  'appPage.screenshots': 'Screenshots',
  'appPage.trailer': 'Trailer',
  'appPage.about': 'About {app}',
  'appPage.follow': 'Follow {app}',
  'appPage.newTab': ' (opens in a new tab)',
  'appPage.playInBrowser': 'Play in browser',
  'appPage.openInBrowser': 'Open in browser',
  'appPage.addToWishlist': 'Add to wishlist',
  'appPage.preOrder': 'Pre-order',
  'appPage.preRegister': 'Pre-register',
  'appPage.latestPosts': 'Latest posts',
  'appPage.rssFeed': ' feed of {app} posts',
  'appPage.postsFailed': 'The posts could not be loaded. Please try again later.',
  'appPage.noPosts': 'No posts about {app} yet.',
  'appPage.allPosts': 'All {app} posts',
  'appPage.forPlayers': 'For players',
  'appPage.privacyPolicy': 'Privacy policy',
  'appPage.deleteAccount': 'Delete your account',
  'appPage.support': 'Support',
  'appPage.pressKit': 'Press kit',
  // Shared states.
  'state.loadFailed': 'Failed to load content',
  'state.tryLater': 'Please try again later',
} as const;

export type MessageKey = keyof typeof en;
