// Site search with 10,000 posts (issue 25, decision 117): seeds a fresh, migrated database (PGlite
// in memory; PostgreSQL with BENCH_DATABASE_URL, a throw-away database it empties) with 10,000
// published posts of about 3 KB of HTML, then times searches as the API makes them (the search
// repo: count, rank, page, snippets), one at a time, p50 and p95 of 30 samples after 3 warm-ups.
// Run alone with `npx tsx scripts/bench-search.ts`; `npm run bench` runs it too (BENCH_SKIP_SEARCH=1 leaves it out).
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { apps, blogPosts } from '../src/server/db/schema';
import { searchRepo } from '../src/server/modules/search/search.repo';

export const SEARCH_POSTS = 10_000;
const WARMUP = 3;
const SAMPLES = 30;
const BATCH = 500;

/** Words the posts are written from, so searches match many, some or few posts. */
const COMMON = ['lighthouse', 'puzzle', 'tide', 'harbour', 'night', 'level', 'boat', 'update', 'island', 'storm'];
const RARE = ['kraken', 'zeppelin', 'aurora', 'compass', 'glacier'];

function postHtml(i: number): string {
  const words = (n: number) => Array.from({ length: n }, (_, k) => COMMON[(i * 7 + k * 3) % COMMON.length]).join(' ');
  const rare = i % 100 === 0 ? ` The ${RARE[(i / 100) % RARE.length]} returns.` : '';
  const paragraph = `<p>We tuned the ${words(3)} and fixed the timer; the ${words(4)} reads better on small screens.${rare} Thank you for every message.</p>`;
  return `<h2>What changed in ${words(2)}</h2>${paragraph.repeat(18)}`;
}

/** The searches timed: many matches, a title's words, a phrase, a rare word, a typo (the trigram path). */
export const SEARCHES: readonly [string, string][] = [
  ['one word in every post', 'lighthouse'],
  ['two words, ranked', 'harbour storm'],
  ['a phrase', '"small screens"'],
  ['a word in 1 % of posts', 'kraken'],
  ['a title word (2 %)', 'regatta'],
  ['a typo (no match: titles spelt alike)', 'regata'],
];

export async function benchSearch(url = process.env.BENCH_DATABASE_URL): Promise<{ lines: string[] }> {
  const database = await openDatabase(url ? { url } : { dataDir: 'memory://' });
  try {
    await database.migrate();
    const { db } = database;
    if (url) await db.execute(sql`truncate apps, blog_posts restart identity cascade`);
    const started = Date.now();
    const [app] = await db
      .insert(apps)
      .values({ title: 'Harbour Lights', description: 'A puzzle game.', icon: '', slug: 'harbour-lights' })
      .returning({ id: apps.id });
    for (let from = 0; from < SEARCH_POSTS; from += BATCH) {
      await db.insert(blogPosts).values(
        Array.from({ length: Math.min(BATCH, SEARCH_POSTS - from) }, (_, k) => {
          const i = from + k;
          return {
            appId: app!.id,
            title: i % 50 === 0 ? `Regatta week ${i}` : `Devlog ${i}`,
            content: postHtml(i),
            slug: `devlog-${i}`,
            isPublished: true,
            publishedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
          };
        }),
      );
    }
    await db.execute(sql`analyze`);
    const seeded = ((Date.now() - started) / 1000).toFixed(0);
    const repo = searchRepo(db);
    const rows: string[] = [];
    for (const [name, words] of SEARCHES) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < WARMUP + SAMPLES; i++) {
        const t = performance.now();
        const reply = await repo.search({ words, locale: null, defaultLocale: 'en', page: 1 });
        if (i >= WARMUP) times.push(performance.now() - t);
        total = reply.total;
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
      rows.push(`| ${name}: \`${words}\` | ${total} | ${at(0.5)} | ${at(0.95)} |`);
    }
    const engine = url ? 'PostgreSQL' : 'the embedded database (PGlite)';
    return {
      lines: [
        `Site search with ${SEARCH_POSTS.toLocaleString('en')} published posts of about 3 KB of HTML (seeded in ${seeded} s) on ${engine}, ${os.cpus().length} cores, one search at a time, ${SAMPLES} samples each (first page of 10, with counts per type and snippets):`,
        '',
        '| search | results | p50 (ms) | p95 (ms) |',
        '|---|---:|---:|---:|',
        ...rows,
      ],
    };
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { lines } = await benchSearch();
  console.log(`\n${lines.join('\n')}\n`);
}
