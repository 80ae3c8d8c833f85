// The English words of the islands, in a file of their own: each island's chunk imports its own
// namespace (so a page in English sends no messages with its islands: islands/island.tsx), and
// en.ts spreads them into the catalogue.

/** The theme menu island. */
export const themeMenuEn = {
  'themeMenu.toggle': 'Toggle theme',
  'themeMenu.label': 'Theme',
  'themeMenu.light': 'Light',
  'themeMenu.dark': 'Dark',
  'themeMenu.system': 'System',
} as const;

/** The mobile menu island. */
export const mobileMenuEn = {
  'mobileMenu.open': 'Open menu',
  'mobileMenu.title': 'Menu',
  'mobileMenu.close': 'Close menu',
  'mobileMenu.nav': 'Mobile',
} as const;

/**
 * The contact form island. Its `error.*` texts are the schema's own messages (shared/schemas/
 * messages.ts, the spec's): the form shows a refused field's message in the page's language by
 * finding it here (islands/contact-form.tsx).
 */
export const contactFormEn = {
  'contactForm.title': 'Send a Message',
  'contactForm.firstName': 'First name',
  'contactForm.lastName': 'Last name',
  'contactForm.email': 'Email',
  'contactForm.subject': 'Subject',
  'contactForm.message': 'Message',
  'contactForm.send': 'Send Message',
  'contactForm.sending': 'Sending...',
  'contactForm.sentTitle': 'Message sent',
  'contactForm.sentText': "Thank you for your message. We'll get back to you soon.",
  'contactForm.failedTitle': 'Error',
  'contactForm.failedText': 'Failed to send your message. Please try again later.',
  'contactForm.error.firstNameRequired': 'First name is required',
  'contactForm.error.firstNameMax': 'First name must be at most 100 characters',
  'contactForm.error.lastNameRequired': 'Last name is required',
  'contactForm.error.lastNameMax': 'Last name must be at most 100 characters',
  'contactForm.error.email': 'Invalid email address',
  'contactForm.error.subjectRequired': 'Subject is required',
  'contactForm.error.subjectMax': 'Subject must be at most 200 characters',
  'contactForm.error.messageMin': 'Message must be at least 10 characters',
  'contactForm.error.messageMax': 'Message must be at most 5000 characters',
} as const;

/**
 * An app's account-deletion form island (issue 14). Its `error.*` texts are the schema's own
 * (shared/schemas/app-pages.ts): a refused field's message is shown in the page's language by finding
 * it here, as the contact form does.
 */
export const deletionFormEn = {
  'deletionForm.checkEmail': 'Check your email to confirm',
  'deletionForm.received': 'Request received',
  'deletionForm.reference': 'Your reference:',
  'deletionForm.emailedText':
    'We have sent a link to your email address. Open it within {confirmDays} days to confirm that the request is yours: we will then delete your {app} account and data within {days} days. Please quote the reference if you write to us about it.',
  'deletionForm.dueText':
    'We will delete your {app} account and data by <b>{date}</b> at the latest. Please quote the reference if you write to us about it.',
  'deletionForm.email': 'Email address',
  'deletionForm.emailHint': 'The one your {app} account uses. We write to it if we need to confirm it is you.',
  'deletionForm.accountId': 'Account identifier',
  'deletionForm.optional': '(optional)',
  'deletionForm.accountIdHint': 'Your username, player id or account number, if you know it.',
  'deletionForm.note': 'Note',
  'deletionForm.sending': 'Sending...',
  'deletionForm.send': 'Ask for deletion',
  'deletionForm.failed': 'Your request could not be sent. Please try again later, or write to us.',
  'deletionForm.error.email': 'Enter a valid email address',
  'deletionForm.error.accountIdMax': 'The account identifier must be at most 200 characters',
  'deletionForm.error.noteMax': 'The note must be at most 2000 characters',
} as const;

/** An app page's screenshot gallery island. */
export const galleryEn = {
  'gallery.list': 'Screenshots',
  'gallery.enlarge': 'Enlarge screenshot {n} of {count}',
  'gallery.title': '{title}: screenshot {n} of {count}',
  'gallery.close': 'Close',
  'gallery.previous': 'Previous screenshot',
  'gallery.next': 'Next screenshot',
} as const;

/** An app page's trailer island. */
export const trailerEn = {
  'trailer.title': '{title} trailer',
  'trailer.play': 'Play the {title} trailer',
  'trailer.loads': ' (loads the video from {host})',
} as const;

/**
 * The press kit's "Request a press copy" form island. Its `error.*` texts are the schema's own
 * (shared/schemas/press.ts): a refused field's message is shown in the page's language by finding it here.
 */
export const pressFormEn = {
  'pressForm.intro':
    'Writing about {what}, or streaming it? Tell us who you are and where it will appear, and we will send you a copy.',
  'pressForm.name': 'Your name',
  'pressForm.email': 'Email',
  'pressForm.outlet': 'Outlet or channel',
  'pressForm.platform': 'Platform (optional)',
  'pressForm.platformExample': 'e.g. iOS, Android, Steam',
  'pressForm.message': 'Message (optional)',
  'pressForm.sending': 'Sending...',
  'pressForm.send': 'Request a press copy',
  'pressForm.sentTitle': 'Request sent',
  'pressForm.sentText': 'Thank you. We read every request and will reply by email.',
  'pressForm.invalidTitle': 'Please check the form',
  'pressForm.invalidText': 'Your name, email and outlet are needed.',
  'pressForm.failedTitle': 'Not sent',
  'pressForm.failedText': 'Your request could not be sent. Please try again later.',
  'pressForm.error.name': 'Name is required',
  'pressForm.error.nameMax': 'Name must be at most 200 characters',
  'pressForm.error.email': 'Invalid email address',
  'pressForm.error.outlet': 'Outlet is required',
  'pressForm.error.outletMax': 'Outlet must be at most 200 characters',
  'pressForm.error.platformMax': 'Platform must be at most 50 characters',
  'pressForm.error.messageMax': 'Message must be at most 5000 characters',
} as const;

/**
 * The mailing-list sign-up form island (issue 26). `subscribeForm.consent` is the exact wording kept
 * with each sign-up's consent record (the server reads the same key). Its `error.*` texts are the
 * schema's own (shared/schemas/subscriptions.ts), shown in the page's language by finding them here.
 */
export const subscribeFormEn = {
  'subscribeForm.titleNewsletter': 'Get our news by email',
  'subscribeForm.titleApp': 'Tell me when {app} is out',
  'subscribeForm.newsletter': 'the newsletter',
  'subscribeForm.email': 'Email address',
  'subscribeForm.platforms': 'Only for these platforms (optional)',
  'subscribeForm.consent': 'I agree to receive emails about {list} from {site}. I can unsubscribe at any time.',
  'subscribeForm.privacy': 'How we handle your address: privacy policy',
  'subscribeForm.submit': 'Sign up',
  'subscribeForm.submitting': 'Signing up...',
  'subscribeForm.sentTitle': 'Check your inbox',
  'subscribeForm.sentText':
    'If the address is right, an email with a confirmation link is on its way. Nothing is sent until you confirm.',
  'subscribeForm.failed': 'Your sign-up could not be sent. Please try again later.',
  'subscribeForm.error.email': 'Invalid email address',
  'subscribeForm.error.consent': 'Please tick the box to agree',
} as const;

/** The privacy page's "Don't count my visits" island (issue 27). */
export const visitCountingEn = {
  'visitCounting.title': 'Counting your visits',
  'visitCounting.honoured':
    'We count visits without cookies. If your browser sends Do Not Track or Global Privacy Control, your visits are not counted.',
  'visitCounting.counted': 'Your visits are counted, anonymously.',
  'visitCounting.notCounted': 'Your visits are not counted: this browser keeps your choice.',
  'visitCounting.browserSaysNo':
    'Your browser sends Do Not Track or Global Privacy Control, so your visits are not counted.',
  'visitCounting.optOut': "Don't count my visits",
  'visitCounting.optIn': 'Count my visits again',
} as const;

/** Every island's English words: what GET /api/island-words/{locale} answers in another language. */
export const islandWordsEn: Readonly<Record<string, string>> = {
  ...themeMenuEn,
  ...mobileMenuEn,
  ...contactFormEn,
  ...deletionFormEn,
  ...galleryEn,
  ...trailerEn,
  ...pressFormEn,
  ...subscribeFormEn,
  ...visitCountingEn,
};
