// Demo content for Northpaw Studio: apps, devlog posts, site pages and social links.
// Pictures are drawn and uploaded at first start (demo-images.ts): each app says how its art looks.
import type { DataRowInput } from '../../../shared/schemas/app-privacy';
import type { AccessibilityTag } from '../../../shared/schemas/app-accessibility';
import type { AgeRating } from '../../../shared/schemas/app-ratings';
import type { Platform } from '../../../shared/schemas/apps';
import type { DemoArt } from './demo-images';

export type DemoAppStatus = 'Live' | 'Testing' | 'In Development' | 'In Design' | 'Coming Soon';

export interface DemoPost {
  title: string;
  /** HTML using only p, h2, h3, strong, em, ul, ol, li, a (https) and blockquote. */
  content: string;
  /** The post's gallery: which of its app's screenshots (0-based), as the same uploaded images. */
  images: number[];
  isPublished: boolean;
  /** How many days before seeding the post was written (and published, when published). */
  daysAgo: number;
}

export interface DemoApp {
  slug: string;
  title: string;
  description: string;
  /** The colour and shape of its generated icon and screenshots. */
  art: DemoArt;
  /** How many screenshots it gets. */
  shots: number;
  status: DemoAppStatus;
  googlePlayLink?: string;
  appStoreLink?: string;
  webAppLink?: string;
  githubRepoLink?: string;
  twitterLink?: string;
  instagramLink?: string;
  facebookLink?: string;
  /** What the app page, its structured data and link previews show (issue 13). */
  store: DemoStore;
  posts: DemoPost[];
}

/** An app's store facts, as the app form saves them (columns of the apps table). */
export interface DemoStore {
  kind: 'app' | 'game';
  category: string;
  platforms: Platform[];
  appleAppId?: string;
  appleBundleId?: string;
  appleTeamId?: string;
  appLinkPaths?: string[];
  googlePlayPackage?: string;
  /** Decimal text; left out: free. */
  priceAmount?: string;
  priceCurrency?: string;
  releaseDate?: string;
  comingSoon?: boolean;
  ageRating?: string;
  /** Issue 25: as the app form sends them (shared/schemas/app-ratings.ts, app-accessibility.ts). */
  ratings?: AgeRating[];
  accessibilityTags?: AccessibilityTag[];
  accessibilityNote?: string;
  tagline: string;
  /** HTML with p, h3, ul, li, strong, em only (it is sanitised like any saved description). */
  longDescription: string;
  trailerProvider?: 'youtube' | 'vimeo';
  trailerId?: string;
  preRegisterLink?: string;
  wishlistLink?: string;
}

export interface DemoAbout {
  title: string;
  content: string;
}

export interface DemoPrivacy {
  content: string;
}

export interface DemoContact {
  email: 'hello@northpaw.studio';
  location: string;
  twitterLink: string;
  linkedinLink: string;
  githubLink: string;
}

export type DemoSocialIcon = 'FaTwitter' | 'FaInstagram' | 'FaYoutube' | 'FaDiscord' | 'FaGithub' | 'FaLinkedin';

export interface DemoSocialLink {
  name: string;
  url: string;
  icon: DemoSocialIcon;
  isVisible: boolean;
  order: number;
}

export interface DemoHome {
  heroTitle: string;
  heroSubtitle: string;
  heroContent: string;
  introTitle: string;
  introContent: string;
  featuredAppTitle: string;
  ctaText: string;
}

export const demoApps: DemoApp[] = [
  {
    slug: 'lantern-drift',
    title: 'Lantern Drift',
    description:
      'Guide paper lanterns down a moonlit river, steering them past wind, reeds and rocks in 140 calm, hand-crafted puzzle levels.',
    art: { hue: 32, orientation: 'landscape' },
    shots: 3,
    status: 'Live',
    googlePlayLink: 'https://play.google.com/store/apps/details?id=com.northpaw.lanterndrift',
    appStoreLink: 'https://apps.apple.com/app/lantern-drift/id6478123904',
    twitterLink: 'https://x.com/lanterndrift',
    instagramLink: 'https://www.instagram.com/lanterndriftgame',
    facebookLink: 'https://www.facebook.com/lanterndriftgame',
    store: {
      kind: 'game',
      category: 'Puzzle',
      platforms: ['ios', 'android'],
      appleAppId: '6478123904',
      appleBundleId: 'studio.northpaw.lanterndrift',
      appleTeamId: 'N7PAW4STD1',
      appLinkPaths: ['/apps/lantern-drift', '/apps/lantern-drift/*'],
      googlePlayPackage: 'com.northpaw.lanterndrift',
      priceAmount: '3.99',
      priceCurrency: 'USD',
      releaseDate: '2025-09-18',
      ageRating: '4+',
      // No structured ratings or accessibility tags: this is the first-view budget's demo app page
      // (tests/e2e/budget.spec.ts), at its limit in German; Tidepool Tactics shows them (issue 25).
      tagline: 'A calm river puzzle of paper lanterns and moonlight',
      longDescription: `<p>Every evening the village sends its paper lanterns down the river, and every evening the river tries its best to keep them. <strong>Lantern Drift</strong> is a quiet puzzle game about getting them home: nudge the current, open and close the reed gates and time the gusts so that each lantern reaches the lake still glowing.</p>
<h3>What is inside</h3>
<ul>
<li>140 hand-crafted levels across seven stretches of river, from Willow Bend to the Lantern Lake</li>
<li>No timers, no lives and no adverts: take a level back as many times as you like</li>
<li>A gentle hard mode for every stretch once you have finished it</li>
<li>An original soundtrack of cello, rain and distant wind chimes</li>
</ul>
<p>One purchase unlocks the whole game, with every update since launch included.</p>`,
      trailerProvider: 'youtube',
      trailerId: 'aqz-KE-bpKQ',
    },
    posts: [
      {
        title: 'Lantern Drift 1.0 is out now',
        content: `<p>After fourteen months of prototypes, playtests and far too many cups of tea, <strong>Lantern Drift</strong> is finally available on iPhone, iPad and Android. Thank you to everyone who joined the beta and sent us notes, screen recordings and the occasional very polite complaint about level 37.</p>
<h2>What's in the box</h2>
<ul>
<li>120 hand-made levels across four chapters, from Reed Marsh to the Harbour Lights festival</li>
<li>A relaxed mode with no timer and unlimited undos</li>
<li>Full offline play, with no ads and no energy system</li>
<li>Left-handed controls, colour-blind friendly lanterns and a reduced motion setting</li>
</ul>
<h2>One purchase, the whole river</h2>
<p>The first chapter is free to play. After that, a single in-app purchase unlocks the rest of the river, including every chapter we add later. No subscriptions and no coins to grind. We wanted a game you can put down for a week and come back to without being punished for it.</p>
<h3>Known issues</h3>
<p>A handful of older Android phones show a flicker on the chapter map when battery saver is switched on. The fix is already in review and should arrive in 1.0.1 within a few days. If you spot anything else, the quickest way to reach us is the contact form on this site; Jonas reads every message.</p>
<blockquote>"It's the only game I let myself play in bed." One of our beta testers, who we promise we did not pay to say this.</blockquote>
<p>Happy drifting, and thank you for playing.</p>`,
        images: [],
        isPublished: true,
        daysAgo: 128,
      },
      {
        title: 'Behind the glow: how we lit Lantern Drift',
        content: `<p>The question we get asked most about <strong>Lantern Drift</strong> is some version of "how does it glow like that on my old phone?" So here is a peek behind the paper.</p>
<h2>Finding the right lantern</h2>
<p>Priya sketched dozens of lanterns before we wrote a line of code. Four made the shortlist, shown in the first image. The silk lantern was everyone's favourite on paper, but it turned almost black on OLED screens at low brightness. The round festival lantern won because its silhouette still reads clearly at thumb size, even when six of them overlap.</p>
<h2>Faking light on a phone budget</h2>
<p>Real-time lighting was out of the question on the phones we wanted to support. Instead, every lantern is drawn with two soft radial sprites: a large, faint halo and a small, bright core, both blended additively. The reflection on the water is the same sprite squashed vertically and nudged by a slow sine wave. The whole effect costs well under a millisecond per frame on our slowest test device, a five-year-old budget Android phone.</p>
<h3>Before and after</h3>
<p>The second image compares an early build with the release version. In the early build every object had the same brightness, and playtesters simply did not know where to look. We darkened the sky by about a third and reserved warm colours for things the player controls. Nothing else about the levels changed, yet far fewer players got stuck in chapter two.</p>
<p>We now follow three rules for every scene:</p>
<ol>
<li>Keep the warmest colour for what the player controls.</li>
<li>Darken everything else until the lanterns pop.</li>
<li>Check the result on the dimmest phone you own, at night, in bed.</li>
</ol>
<p>The last rule sounds like a joke. <em>It is not.</em></p>`,
        images: [1, 2],
        isPublished: true,
        daysAgo: 96,
      },
      {
        title: 'Update 1.2: Willow Bend and a gentler hard mode',
        content: `<p>Version 1.2 starts rolling out today. It is our biggest update so far, with a brand new chapter and a rethink of hard mode based on a lot of your feedback.</p>
<h2>What's new</h2>
<ul>
<li><strong>Willow Bend</strong>, a 20-level chapter with swaying willow branches that hide lanterns and a current that reverses halfway through. It is free for everyone who owns the full game.</li>
<li>Storm lanterns in hard mode now preview their path for a moment before the wind picks up.</li>
<li>The level map shows your best time and star count for every level.</li>
<li>Cloud saves sync more reliably when you switch between a phone and a tablet.</li>
</ul>
<h2>Why we softened hard mode</h2>
<p>Hard mode was meant to be a test of planning, but in practice it had become a test of reflexes. Our anonymous, aggregated play data showed that most players who started hard mode stopped at the first storm level and never returned. That is not a challenge, it is a wall. With the new preview you still need to plan every gust, but you no longer need to guess.</p>
<h3>Fixes</h3>
<ul>
<li>Fixed a rare crash when rotating an iPad on the results screen.</li>
<li>Fixed the chapter map flicker on some Android phones with battery saver enabled.</li>
<li>Haptics are softer and can now be turned off separately from sound.</li>
</ul>
<p>You can grab the update from the <a href="https://apps.apple.com/app/lantern-drift/id6478123904">App Store</a> or <a href="https://play.google.com/store/apps/details?id=com.northpaw.lanterndrift">Google Play</a>. As always, thank you for the feedback that made it possible.</p>`,
        images: [],
        isPublished: true,
        daysAgo: 21,
      },
    ],
  },
  {
    slug: 'tidepool-tactics',
    title: 'Tidepool Tactics',
    description:
      'A pocket-sized tactics game set in a rock pool. Lead a crew of crabs, shrimp and snails against urchin raiders before the tide comes back in.',
    art: { hue: 190, orientation: 'landscape' },
    shots: 2,
    status: 'Live',
    appStoreLink: 'https://apps.apple.com/app/tidepool-tactics/id6502917738',
    store: {
      kind: 'game',
      category: 'Strategy',
      platforms: ['ios'],
      appleAppId: '6502917738',
      releaseDate: '2026-03-05',
      ageRating: '9+',
      ratings: [
        { system: 'pegi', rating: '7', descriptors: ['Violence'], notices: ['in-game-purchases'] },
        { system: 'esrb', rating: 'E10+', descriptors: ['Fantasy Violence'], notices: ['in-game-purchases'] },
        { system: 'usk', rating: '6', descriptors: ['Fantasy-Gewalt'], notices: ['in-game-purchases'] },
        { system: 'acb', rating: 'PG', descriptors: ['Fantasy Violence'], notices: ['in-game-purchases'] },
      ],
      accessibilityTags: [
        'multiple-volume-controls',
        'save-anytime',
        'difficulty-levels',
        'no-button-holds',
        'no-rapid-button-presses',
        'touch-only',
        'large-text',
        'color-alternatives',
      ],
      accessibilityNote:
        'Battles are turn-based throughout: nothing moves until you do, and the tide warning is shown as well as heard.',
      tagline: 'Turn-based tactics in a rock pool, before the tide turns',
      longDescription: `<p>The tide is out and the urchins are marching. Lead a crew of hermit crabs, pistol shrimp and very stubborn snails through 40 short battles, each one a little puzzle of positions, shells and currents.</p>
<ul>
<li>Battles that fit into a coffee break: most last three to five minutes</li>
<li>Six crew members with their own moves, from the crab's shell wall to the shrimp's snap</li>
<li>A rising tide that changes the board every few turns</li>
</ul>`,
    },
    posts: [],
  },
  {
    slug: 'moss-and-bolt',
    title: 'Moss & Bolt',
    description:
      'A puzzle-platformer about a small maintenance robot exploring overgrown ruins, swinging on its grapple arm and using living moss to climb.',
    art: { hue: 110, orientation: 'landscape' },
    shots: 2,
    status: 'In Development',
    twitterLink: 'https://x.com/northpawstudio',
    instagramLink: 'https://www.instagram.com/northpawstudio',
    store: {
      kind: 'game',
      category: 'Platformer',
      platforms: ['ios', 'android', 'steam'],
      comingSoon: true,
      tagline: 'A small robot, a grappling arm and a city made of moss',
      longDescription: `<p><strong>Moss &amp; Bolt</strong> is a short puzzle-platformer about Bolt, a maintenance robot who wakes up in a ruined city that nature has spent a few hundred years reclaiming. Grow moss to cling to walls and ceilings, burn it clear with your headlamp and swing between ruins on your grappling arm.</p>
<p>We are building it in the open: read the devlogs for how it is going.</p>`,
      wishlistLink: 'https://store.steampowered.com/app/3012340/Moss_and_Bolt/',
    },
    posts: [
      {
        title: 'Devlog #1: a robot, a lot of moss and one grappling arm',
        content: `<p>Welcome to the first devlog for <strong>Moss &amp; Bolt</strong>, the game we have been quietly building since Lantern Drift launched. It is a short puzzle-platformer about Bolt, a maintenance robot who wakes up in a ruined city that nature has spent a few hundred years reclaiming.</p>
<h2>The core idea</h2>
<p>Bolt cannot jump very high. Instead, Bolt has a grappling arm and a simple relationship with the moss that covers everything: moss is sticky. Walk on it and you slow down, but you can also cling to mossy walls and ceilings. Most puzzles come from deciding which surfaces to grow moss on, using a little watering can, and which to burn clear with Bolt's headlamp.</p>
<h2>Paper first, always</h2>
<p>Every level starts as a sketch on graph paper, like the blockout for level 2-3 in the image above. Maya draws the platforms, Theo adds the jump arcs our physics can actually handle, and Priya scribbles notes about what the player should be looking at. Only when a level works on paper does it go into the engine as grey boxes.</p>
<h3>What we are still figuring out</h3>
<ul>
<li>Touch controls for a platformer are hard. We are testing a floating stick against two fixed buttons.</li>
<li>The grapple currently snaps to the nearest point, which occasionally picks the wrong one.</li>
<li>We do not yet know how long the game should be. Our guess is four to five hours.</li>
</ul>
<p>We will post a devlog roughly once a month. If you want to playtest early builds, say hello through the contact page and tell us which phone you use.</p>`,
        images: [1],
        isPublished: true,
        daysAgo: 64,
      },
      {
        title: 'Devlog #2: cutting our favourite level',
        content: `<p>This month we deleted the level everyone on the team liked best. Here is why, and what we learned from it.</p>
<h2>The clock tower</h2>
<p>Level 3-4 took place inside a collapsed clock tower. Bolt had to ride the swinging pendulum, grow moss on the clock face and time a grapple across the gears. It looked wonderful, and the four of us could finish it in about ninety seconds.</p>
<p>Our first group of twelve playtesters needed an average of eleven minutes. Seven of them gave up. Worse, when we asked what they thought the level wanted from them, almost nobody mentioned the moss, which is the whole point of the game.</p>
<blockquote>If a level only makes sense to the people who built it, it is not a puzzle. It is a secret.</blockquote>
<h2>What we kept</h2>
<p>We did not throw everything away. The pendulum is now a gentle tutorial for timing your grapple in world two, and the moss-covered clock face became a single, much smaller room where the solution is visible the moment you walk in. Playtesters now solve it in about a minute and, crucially, they describe it as <em>clever</em> rather than <em>unfair</em>.</p>
<h3>Other progress this month</h3>
<ul>
<li>The workshop screen is in, where you upgrade Bolt's arm, boots and headlamp with scrap.</li>
<li>Jonas recorded a new set of footsteps: metal on stone, metal on moss and metal on very wet moss.</li>
<li>The game now runs at a steady 60 frames per second on our oldest test phone.</li>
</ul>
<p>Next time: the water, and why falling in no longer costs you any progress.</p>`,
        images: [],
        isPublished: true,
        daysAgo: 19,
      },
    ],
  },
  {
    slug: 'pocket-orchard',
    title: 'Pocket Orchard',
    description:
      'Plant saplings, tend your trees through the seasons and sell your harvest at the village market. A cosy orchard that grows a little each time you visit.',
    art: { hue: 350, orientation: 'portrait' },
    shots: 2,
    status: 'Coming Soon',
    googlePlayLink: 'https://play.google.com/store/apps/details?id=com.northpaw.pocketorchard',
    instagramLink: 'https://www.instagram.com/pocketorchardgame',
    store: {
      kind: 'game',
      category: 'Simulation',
      platforms: ['android', 'ios'],
      googlePlayPackage: 'com.northpaw.pocketorchard',
      comingSoon: true,
      ageRating: 'Everyone',
      ratings: [
        { system: 'esrb', rating: 'E', descriptors: [], notices: ['in-game-purchases', 'users-interact'] },
        { system: 'pegi', rating: '3', descriptors: [], notices: ['in-game-purchases'] },
        { system: 'classind', rating: 'L', descriptors: [], notices: [] },
      ],
      accessibilityTags: ['save-anytime', 'no-rapid-button-presses', 'touch-only', 'no-motion-controls', 'large-text'],
      tagline: 'A cosy idle orchard that waits for you',
      longDescription: `<p>Plant saplings, water and prune your trees and sell your harvest at the Saturday market. <strong>Pocket Orchard</strong> is an idle game for short, unhurried visits: trees never wilt while you are away, they simply wait for you.</p>
<ul>
<li>Real seasons: one in-game season lasts one real week</li>
<li>Over thirty fruit varieties, from the Golden Pear to the Winter Quince</li>
<li>No adverts between harvests; the only purchases are optional decorations</li>
</ul>`,
      preRegisterLink: 'https://play.google.com/store/apps/details?id=com.northpaw.pocketorchard',
    },
    posts: [
      {
        title: 'Pocket Orchard: pre-registration is open',
        content: `<p>We are very happy to finally talk about the game we have been growing in the background for the past year. <strong>Pocket Orchard</strong> is a cosy idle game about looking after a small orchard on the edge of a village. You plant saplings, water and prune your trees, and sell what you pick at the Saturday market.</p>
<h2>Pre-register on Google Play</h2>
<p>Pre-registration is now open on <a href="https://play.google.com/store/apps/details?id=com.northpaw.pocketorchard">Google Play</a>. Everyone who pre-registers gets the Golden Pear sapling on day one, and we will send exactly one notification: the day the game launches. The iOS version follows shortly after, once we have finished testing cloud saves.</p>
<h2>What we are aiming for</h2>
<ul>
<li>Short visits of two to five minutes that still feel worthwhile</li>
<li>No timers that punish you for being away. Trees simply wait for you.</li>
<li>No adverts between harvests. The only purchases are optional decorations.</li>
<li>Real seasons: one in-game season lasts one real week, so your orchard changes over a month of play</li>
</ul>
<h3>Where to follow along</h3>
<p>Priya posts new tree and fruit art on our <a href="https://www.instagram.com/pocketorchardgame">Instagram</a> every Friday, including a few varieties that did not make the cut. We will also share a devlog here closer to launch about how the market economy works, and why we threw away our first two versions of it.</p>`,
        images: [],
        isPublished: true,
        daysAgo: 12,
      },
      {
        title: "Designing seasons that don't punish you for having a life",
        content: `<p>Most idle games are built around one question: how do we get the player to open the app again? We kept asking a different one while making <strong>Pocket Orchard</strong>: what happens when the player does not come back for a while?</p>
<h2>The problem with wilting</h2>
<p>Our first prototype had trees that wilted if you did not water them for a day. It worked, in the sense that people opened the game more often. It also made them feel guilty, and two of our playtesters quietly deleted it after a busy week at work. A game about a peaceful orchard should not feel like a chore list.</p>
<h2>How seasons work now</h2>
<ul>
<li>Trees never die and never lose progress. Unwatered trees simply grow more slowly.</li>
<li>Fruit left on the branch is not wasted. Some of it falls and becomes compost for next season.</li>
<li>Each season lasts a real week, so missing a day costs you a little, never a lot.</li>
<li>Coming back after a long break greets you with a short summary of what grew while you were away.</li>
</ul>
<h3>What we measure instead</h3>
<p>Rather than counting how many times a day people open the game, we look at how many players are still visiting after four weeks, and how they describe the game in playtests. "Relaxing" is the word we want to hear. "Stressful" means we have gone wrong somewhere.</p>
<p><em>Draft: Maya to add the four-week retention numbers from the second beta and a screenshot of the welcome-back summary before this goes live.</em></p>`,
        images: [],
        isPublished: false,
        daysAgo: 3,
      },
    ],
  },
  {
    slug: 'brightlist',
    title: 'Brightlist',
    description:
      'A gentle habit tracker for the web. Tick off daily habits, watch your streaks grow and get honest weekly insights, without adverts or guilt trips.',
    art: { hue: 48, orientation: 'portrait' },
    shots: 2,
    status: 'Testing',
    webAppLink: 'https://brightlist.northpaw.studio',
    githubRepoLink: 'https://github.com/northpaw-studio/brightlist',
    store: {
      kind: 'app',
      category: 'Productivity',
      platforms: ['web'],
      releaseDate: '2026-06-12',
      tagline: 'A habit tracker that never makes you feel guilty',
      longDescription: `<p>Tick off your daily habits, watch your streaks grow and read an honest summary every Sunday. <strong>Brightlist</strong> runs in any browser, keeps your data on your device and is open source.</p>
<ul>
<li>Habits that skip weekends, holidays or any day you choose</li>
<li>Streaks that bend: one missed day is a pause, not a reset</li>
<li>Export everything as a CSV file whenever you like</li>
</ul>`,
    },
    posts: [],
  },
  {
    slug: 'quiet-hours',
    title: 'Quiet Hours',
    description:
      'A focus timer and wind-down companion that mixes calming soundscapes and fades them out gently at bedtime, so your evening ends softly.',
    art: { hue: 250, orientation: 'portrait' },
    shots: 1,
    status: 'In Design',
    store: {
      kind: 'app',
      category: 'Health & Fitness',
      platforms: ['ios', 'android'],
      comingSoon: true,
      tagline: 'Focus by day, wind down by night',
      longDescription: `<p>A focus timer and a wind-down companion in one. <strong>Quiet Hours</strong> mixes calming soundscapes for work sessions and fades them out slowly at bedtime, so your evening ends softly rather than with a notification.</p>`,
    },
    posts: [],
  },
];

export const demoAbout: DemoAbout = {
  title: 'About Northpaw Studio',
  content: `<p>Northpaw is a four-person independent studio in Bristol making small, thoughtful games and apps for phones. We started in 2021 around a kitchen table with one simple rule: only make things we would happily recommend to our own families.</p>
<h2>Our mission</h2>
<p>Mobile games do not have to shout. We make games that respect your time and your attention: no energy timers, no manipulative offers and no adverts wedged between levels. Just carefully made play that fits into the quiet gaps of a day, and apps that help those days feel a little calmer.</p>
<h2>The team</h2>
<ul>
<li><strong>Maya</strong>, co-founder and game director. She designs the puzzles and writes most of the words you read in our games.</li>
<li><strong>Theo</strong>, co-founder and lead engineer. He keeps everything running smoothly on phones old and new.</li>
<li><strong>Priya</strong>, art and animation. Every lantern, crab and mossy robot started in her sketchbook.</li>
<li><strong>Jonas</strong>, sound, music and community. He answers your emails and makes sure the rain sounds right.</li>
</ul>
<h2>How we make games</h2>
<p>Every project starts as a paper prototype before it becomes code. We playtest early and often with a community of around two hundred players, test on cheap phones as well as flagships, and only ship updates that make a game genuinely better. We share devlogs as we go, because we have learned so much from other developers being open about their work.</p>
<p>Want to say hello, suggest a collaboration or report a bug? Use the contact page. One of us reads every message.</p>`,
};

export const demoPrivacy: DemoPrivacy = {
  content: `
<p>This policy explains how Northpaw Studio ("we", "us") handles personal information in our games and apps (Lantern Drift, Tidepool Tactics, Moss &amp; Bolt, Pocket Orchard, Brightlist and Quiet Hours) and on this website. We collect as little as we can, and we never sell your data.</p>
<h2>Information we collect</h2>
<ul>
<li><strong>Contact form messages.</strong> When you use the contact form on this website, we receive your name, email address and the message you write.</li>
<li><strong>Game and app data.</strong> Progress, settings and purchases are stored on your device. If you turn on cloud saves, they are stored through Apple iCloud or Google Play Games under your own account.</li>
<li><strong>Brightlist accounts.</strong> If you create a Brightlist account, we store your email address and the habits you track so they can sync between your devices.</li>
<li><strong>Technical data.</strong> Our servers keep standard logs (IP address, browser type and time of request) for up to 30 days to keep the service secure.</li>
</ul>
<h2>How we use it</h2>
<p>We use your information only to reply to your messages, provide features you have asked for, fix bugs and keep our services secure. We do not use it for advertising, and we do not share it with anyone except the service providers that host our website and process app store purchases on our behalf.</p>
<h2>Analytics</h2>
<p>Our games collect anonymous, aggregated gameplay statistics, such as which levels players find difficult, so we can improve them. These statistics are not linked to your name, email or advertising identifiers, and you can switch them off at any time in each game's settings. This website does not use advertising or tracking cookies.</p>
<h2>Children</h2>
<p>Our games are suitable for all ages. We do not knowingly collect personal information from children under 13. If you believe a child has sent us personal information through the contact form, please get in touch and we will delete it.</p>
<h2>Your rights</h2>
<p>Depending on where you live, including in the UK and the EU, you have the right to access, correct, export or delete the personal information we hold about you, and to object to how we use it. You can also complain to your local data protection authority. We will respond to any request within 30 days.</p>
<h2>Contact us</h2>
<p>If you have any questions about this policy or your data, email us at <a href="mailto:hello@northpaw.studio">hello@northpaw.studio</a>.</p>`,
};

export const demoContact: DemoContact = {
  email: 'hello@northpaw.studio',
  location: 'Bristol, United Kingdom',
  twitterLink: 'https://x.com/northpawstudio',
  linkedinLink: 'https://www.linkedin.com/company/northpaw-studio',
  githubLink: 'https://github.com/northpaw-studio',
};

export const demoSocialLinks: DemoSocialLink[] = [
  {
    name: 'X (Twitter)',
    url: 'https://x.com/northpawstudio',
    icon: 'FaTwitter',
    isVisible: true,
    order: 0,
  },
  {
    name: 'Instagram',
    url: 'https://www.instagram.com/northpawstudio',
    icon: 'FaInstagram',
    isVisible: true,
    order: 1,
  },
  {
    name: 'Discord',
    url: 'https://discord.gg/northpaw',
    icon: 'FaDiscord',
    isVisible: true,
    order: 2,
  },
  {
    name: 'YouTube',
    url: 'https://www.youtube.com/@northpawstudio',
    icon: 'FaYoutube',
    isVisible: false,
    order: 3,
  },
];

export const demoHome: DemoHome = {
  heroTitle: 'Small games, made with care',
  heroSubtitle: 'Northpaw is an independent studio making cosy mobile games and thoughtful little apps.',
  heroContent:
    "We're a team of four in Bristol building games that respect your time, with no energy timers and no adverts between levels. Have a look at what we've shipped and what's still growing in the workshop.",
  introTitle: '',
  introContent: '',
  featuredAppTitle: 'Featured Games',
  ctaText: 'Explore our games',
};

/** Account deletion and support texts of some demo apps (issue 14), by the app's slug. */
export interface DemoAppPages {
  accountDeletion: boolean;
  deletionDeleted: string;
  deletionKept: string;
  deletionDays: number;
  supportEmail: string | null;
  supportIntro: string;
  faq: { question: string; answer: string }[];
}

export const demoAppPages: Record<string, DemoAppPages> = {
  'lantern-drift': {
    accountDeletion: true,
    deletionDeleted:
      '<ul><li>Your player profile, name and avatar</li><li>Your saved voyages and cloud saves</li><li>Your friends list and leaderboard scores</li></ul>',
    deletionKept:
      '<p>Records of in-app purchases are kept for <strong>7 years</strong>, because tax law requires it. They hold the date, the item and the amount, not your saves.</p><p>Crash reports are anonymous and deleted after <strong>90 days</strong>.</p>',
    deletionDays: 30,
    supportEmail: 'support@example.com',
    supportIntro:
      '<p>Lost at sea? Most answers are below. If yours is not, write to us: we reply within two working days.</p>',
    faq: [
      {
        question: 'How do I move my voyages to a new phone?',
        answer:
          'Open Settings › Cloud save on your old phone and sign in. Sign in with the same account on the new phone and your voyages come along.',
      },
      {
        question: 'I bought the Lighthouse Pack but it is not there.',
        answer:
          'Open the shop and tap Restore purchases. If it is still missing, email us the order number from your store receipt.',
      },
      {
        question: 'Does Lantern Drift work offline?',
        answer: 'Yes. Only leaderboards and cloud saves need a connection; they catch up when you are online again.',
      },
    ],
  },
  brightlist: {
    accountDeletion: true,
    deletionDeleted: '<p>Your account, every list and task, and your sync history.</p>',
    deletionKept: '<p>Nothing, except backups, which are overwritten within <strong>14 days</strong>.</p>',
    deletionDays: 14,
    supportEmail: null,
    supportIntro: '<p>Questions about Brightlist? Start here.</p>',
    faq: [
      {
        question: 'Can I share a list with someone?',
        answer: 'Yes: open the list, tap Share and send the link. They can edit it once they accept.',
      },
      {
        question: 'Where is my data stored?',
        answer: 'On your device, and in the EU when sync is on.',
      },
    ],
  },
};

/** Privacy policies of some demo apps (issue 14), by the app's slug: one uses the studio's text. */
export interface DemoAppPrivacy {
  usesStudioPolicy: boolean;
  content: string;
  dataCollected: DataRowInput[];
  noDataCollected: boolean;
}

const row = (category: DataRowInput['category'], dataType: string, answers: Partial<DataRowInput> = {}) => ({
  category,
  dataType,
  linkedToUser: false,
  usedForTracking: false,
  purposes: ['App Functionality'] as DataRowInput['purposes'],
  sharedWithThirdParties: false,
  optional: false,
  encryptedInTransit: true,
  canBeDeleted: true,
  ...answers,
});

export const demoAppPrivacy: Record<string, DemoAppPrivacy> = {
  'lantern-drift': {
    usesStudioPolicy: false,
    content: `<h2>Who we are</h2>
<p>Lantern Drift is made by our studio. This policy explains what the game collects when you play it, why, and what you can do about it.</p>
<h2>Your account and saves</h2>
<p>If you sign in, we keep your player name, your cloud saves and your leaderboard scores so that your voyages follow you to a new phone. You can play without an account: everything then stays on your device.</p>
<h2>Crash reports</h2>
<p>When the game crashes it sends an anonymous report (the device model, the system version and where the code stopped). Reports are deleted after 90 days.</p>
<h2>Your choices</h2>
<p>You can ask us to delete your account and data at any time from the game's account deletion page.</p>`,
    dataCollected: [
      row('Contact Info', 'Name', { linkedToUser: true, optional: true }),
      row('User Content', 'Gameplay Content', { linkedToUser: true, optional: true }),
      row('Identifiers', 'User ID', { linkedToUser: true, optional: true }),
      row('Purchases', 'Purchase History', { linkedToUser: true, canBeDeleted: false }),
      row('Diagnostics', 'Crash Data', { purposes: ['App Functionality', 'Analytics'], sharedWithThirdParties: true }),
    ],
    noDataCollected: false,
  },
  brightlist: { usesStudioPolicy: true, content: '', dataCollected: [], noDataCollected: false },
  'quiet-hours': {
    usesStudioPolicy: false,
    content:
      '<p>Quiet Hours keeps your schedules on your device. It has no account, sends nothing to us or anyone else, and shows no ads.</p>',
    dataCollected: [],
    noDataCollected: true,
  },
};

/** A press kit as the demo writes it (issue 14): the studio's, and one app's, in the presskit() shape. */
export interface DemoPressKit {
  basedIn?: string;
  foundedOn?: string;
  website?: string;
  pressContact?: string;
  /** HTML with p, strong, em only. */
  description?: string;
  history?: string;
  features?: string[];
  releaseDates?: { platform: string; date: string }[];
  trailers?: { provider: 'youtube' | 'vimeo'; id: string; title: string }[];
  /** The app's own icon is its logo when true (its uploaded original goes into the logos ZIP). */
  iconAsLogo?: boolean;
  awards?: { title: string; detail: string }[];
  quotes?: { quote: string; source: string; url: string | null }[];
  credits?: { name: string; role: string }[];
  monetization: 'not_allowed' | 'ask' | 'non_commercial' | 'allowed';
}

export const demoStudioPressKit: DemoPressKit = {
  basedIn: 'Tallinn, Estonia',
  foundedOn: '2019',
  pressContact: 'press@northpaw.example',
  description:
    '<p>Northpaw is a four-person studio making calm, hand-crafted games and small, honest apps for phones. No ads in paid games, no dark patterns, and every game playable offline.</p>',
  history:
    '<p>Northpaw started in 2019 as two friends prototyping puzzle games on the night train between Tallinn and Tartu. <em>Lantern Drift</em>, the first release, grew from a weekend jam entry into a game played by over a million people.</p>',
  credits: [
    { name: 'Maya Kask', role: 'Co-founder, design' },
    { name: 'Jonas Lepp', role: 'Co-founder, programming' },
    { name: 'Ilse Tamm', role: 'Art and animation' },
    { name: 'Rafael Ortiz', role: 'Music and sound' },
  ],
  monetization: 'allowed',
};

/** Press kits of demo apps, by slug. */
export const demoAppPressKits: Record<string, DemoPressKit> = {
  'lantern-drift': {
    features: [
      '140 hand-crafted river puzzles across seven stretches of river',
      'No timers, no lives: every level can be retried at once',
      'An original score that follows the water',
      'Plays fully offline, with no ads',
    ],
    releaseDates: [
      { platform: 'iOS', date: '2025-09-18' },
      { platform: 'Android', date: '2025-09-18' },
    ],
    iconAsLogo: true,
    awards: [
      { title: 'Best Mobile Puzzle Game', detail: 'Baltic Indie Awards 2026 (winner)' },
      { title: 'Apple Design Awards', detail: 'Delight and Fun, finalist 2026' },
    ],
    quotes: [
      { quote: 'A quiet little masterpiece you will play with a smile.', source: 'Pocket Weekly', url: null },
      { quote: 'The calmest puzzle game on my phone, and the cleverest.', source: 'Indie Riverside', url: null },
    ],
    credits: [
      { name: 'Maya Kask', role: 'Game design' },
      { name: 'Ilse Tamm', role: 'Art' },
      { name: 'Rafael Ortiz', role: 'Music' },
    ],
    monetization: 'allowed',
  },
};

/**
 * The studio's own news (issue 26): posts of no app, on /blog, in the site feed and the sitemap, never
 * on an app's blog. Their galleries are empty (`images` unused).
 */
export const demoStudioPosts: DemoPost[] = [
  {
    title: 'Five years of Northpaw: what a tiny studio learned',
    content: `<p>Northpaw started five years ago in a spare room in Bristol, with one borrowed laptop and a game about a lantern on a river. Today we are six people, four games and one very busy kettle.</p>
<h2>What we keep doing</h2>
<ul><li>We play every build on the oldest phone we can find.</li><li>We answer every message ourselves, usually within a week.</li><li>We never sell your data, and our games never show ads that follow you around.</li></ul>
<h2>What comes next</h2>
<p>Pocket Orchard is in pre-registration, and Moss &amp; Bolt is in open beta. If you would like to hear about our games when they launch, and nothing else, join the studio newsletter at the bottom of any page. We write a few times a year.</p>`,
    images: [],
    isPublished: true,
    daysAgo: 150,
  },
];

/** A version of a demo app and its "What's new" (issue 26), released its days before the seed. */
export interface DemoRelease {
  version: string;
  daysAgo: number;
  platforms: string[];
  notes: string;
}

/** Release notes of some demo apps (issue 26), by the app's slug, newest first. */
export const demoReleases: Record<string, DemoRelease[]> = {
  'lantern-drift': [
    {
      version: '1.2.0',
      daysAgo: 6,
      platforms: ['ios', 'android'],
      notes:
        'New: the Night Canal, twelve levels lit only by the lanterns you carry.\nBoats now glide around each other instead of stopping.\nFixed a crash when pausing during a storm.',
    },
    {
      version: '1.1.0',
      daysAgo: 40,
      platforms: ['ios', 'android'],
      notes: 'Photo mode: hide the interface and frame the river your way.\nSmoother frame rate on older phones.',
    },
  ],
  'tidepool-tactics': [
    {
      version: '2.0.1',
      daysAgo: 3,
      platforms: ['ios', 'android', 'web'],
      notes: 'Fixed the tide timer skipping a turn on slow connections.\nClearer colours for colour-blind players.',
    },
    {
      version: '2.0.0',
      daysAgo: 21,
      platforms: ['ios', 'android', 'web'],
      notes:
        'Ranked seasons are here: climb from Rock Pool to Open Ocean.\nTwo new crab captains with their own abilities.',
    },
  ],
  brightlist: [
    {
      version: '3.4.0',
      daysAgo: 10,
      platforms: ['ios', 'android'],
      notes: 'Lists can be shared with family: everyone sees changes at once.\nWidgets for the home screen.',
    },
    {
      version: '3.3.2',
      daysAgo: 55,
      platforms: ['ios'],
      notes: 'Reminders now follow your time zone when you travel.',
    },
  ],
};
