// "What we measure" (issue 27): the paragraphs a studio can insert into its privacy policy, saying
// what the built-in analytics store, for how long, and how a visitor opts out. English, for the
// admin to edit and translate like the rest of the policy; generated from the setting it depends on.

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/** The text as HTML (a heading, paragraphs and a list, as the rich-text editor writes them). */
export function whatWeMeasure(rawDays: number): string {
  if (!Number.isInteger(rawDays) || rawDays < 1)
    throw new RangeError(`rawDays must be a whole number of days: ${rawDays}`);
  return [
    '<h2>What we measure</h2>',
    '<p>This site counts its own visits, so that we know which pages and games people look at and whether the site is fast for them. It does so without cookies and without any other company’s service: nothing is stored on your device, and what is counted never leaves our server.</p>',
    '<p>When you view a page, we record:</p>',
    '<ul>',
    '<li>the page and its language;</li>',
    '<li>the website that sent you here (its name only, such as example.com) and the campaign tags of the link you followed (utm_source, utm_medium, utm_campaign);</li>',
    '<li>the kind of device (phone, tablet or desktop) and the family of its operating system (such as iOS or Windows), read from your browser’s user agent at that moment;</li>',
    '<li>presses on app store badges, trailer plays and press-kit downloads;</li>',
    '<li>sign-ups to our mailing lists and their confirmations, as numbers (the address you give is kept by the list alone);</li>',
    '<li>how fast the page loaded and answered you (Core Web Vitals: LCP, INP, CLS and TTFB).</li>',
    '</ul>',
    '<p>To count visitors rather than page views, each record carries a code made from your IP address and user agent together with a random value that changes every day. The random value is deleted after 48 hours, so the code cannot be traced back to you, nor linked from one day to the next. Your IP address and user agent themselves are never stored.</p>',
    `<p>These records are kept for ${days(rawDays)}. After that only daily totals remain (such as “120 views of the home page on 3 May”), which say nothing about any one visitor; we keep those as long as the site.</p>`,
    '<p>No cookies, no local storage, no fingerprinting and no third parties are involved. Visits by our own staff while signed in are not counted.</p>',
    "<p>How to opt out: visits from a browser that sends Do Not Track or Global Privacy Control are not counted. You can also press “Don't count my visits” at the end of our privacy page: your browser then keeps that one choice, on your device only, until you press “Count my visits again”.</p>",
  ].join('\n');
}
