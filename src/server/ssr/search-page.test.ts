// Site search's page (issue 25): /search?q= rendered on the server with its results grouped by type
// and snippets with the matched words marked, its empty and no-result states, never indexed, in
// German at /de/search; nothing from the content or the query reaches the page as markup.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/paths';
import { ok } from '../../../tests/setup/api';
import { fixedClock } from '../../../tests/setup/clock';
import { useStaffApp } from '../../../tests/setup/test-app';
import { productionWeb } from './web';

const ctx = useStaffApp({}, { web: productionWeb(), clock: fixedClock() });
const get = (url: string) => ctx.app.inject({ url });
const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
const header = (html: string) => html.slice(html.indexOf('<header'), html.indexOf('</header>'));

let slug: string;

beforeAll(async () => {
  await ok(ctx.send('PUT', api.locales, { defaultLocale: 'en', locales: ['de'] }, ctx.admin));
  const app = await ctx.make.makeApp({ title: 'Harbour Lights', tagline: 'Guide the boats home' });
  slug = app.slug;
  await ctx.make.makePost(app.id, {
    title: '<img src=x onerror=alert(1)> Lighthouse diary',
    content: '<p>The lighthouse keeper wrote &lt;script&gt;alert(2)&lt;/script&gt; in the log.</p>',
    isPublished: true,
  });
  const post = await ctx.make.makePost(app.id, { title: 'Ferry', content: '<p>Boats.</p>', isPublished: true });
  await ok(
    ctx.send('PUT', api.translation('post', post.id, 'de'), {
      fields: {
        title: 'Fähre',
        content: '<p>Neue Häfen für die Fähren.</p>',
        excerpt: '',
        seoTitle: '',
        seoDescription: '',
      },
      isPublished: true,
    }),
  );
});

describe('/search', () => {
  it('renders the results grouped by type with the matched words marked, never indexed', async () => {
    const res = await get('/search?q=lighthouse');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<meta name="robots" content="noindex');
    const body = main(html);
    expect(body).toContain('<mark>lighthouse</mark>');
    expect(body).toMatch(/<h2[^>]*>Posts<\/h2>/);
    expect(body).toContain('1 result for “lighthouse”');
    expect(body).toMatch(/<form role="search"[^>]* action="\/search" method="get"/);
    expect(body).toContain('value="lighthouse"');
  });

  it('lets no markup through from the content or the query', async () => {
    const body = main((await get('/search?q=lighthouse')).body);
    expect(body).not.toMatch(/<img src=x|<script>alert/);
    expect(body).toContain('&lt;img src=x onerror=alert(1)&gt; Lighthouse diary');
    expect(body).toContain('&lt;script&gt;alert(2)');
    const hostile = main((await get(`/search?q=${encodeURIComponent('"><script>alert(3)</script>')}`)).body);
    expect(hostile).not.toContain('<script>alert(3)');
    expect(hostile).toContain('&lt;script&gt;alert(3)&lt;/script&gt;');
  });

  it('shows the empty state without words, and the no-results state without matches', async () => {
    expect(main((await get('/search')).body)).toContain('What are you looking for?');
    expect(main((await get('/search?q=zzzqqq')).body)).toContain('No results for “zzzqqq”');
  });

  it('links the kinds of result and keeps unknown ones harmless', async () => {
    const body = main((await get('/search?q=boats')).body);
    expect(body).toContain(`href="/apps/${slug}"`);
    expect(body).toContain('href="/search?q=boats&amp;type=apps"');
    expect((await get('/search?q=boats&type=nope&page=x')).statusCode).toBe(200);
  });

  it('is in German at /de/search, with the German translation found by its stemmed words', async () => {
    const res = await get(`/de/search?q=${encodeURIComponent('Hafen')}`);
    expect(res.statusCode).toBe(200);
    const body = main(res.body);
    expect(body).toMatch(/<h1[^>]*>Suche<\/h1>/);
    expect(body).toContain('<mark>Häfen</mark>');
    expect(body).toMatch(/href="\/de\/blogs\/\d+\/fahre"/);
    expect(body).toMatch(/action="\/de\/search"/);
    expect(body).toContain('href="/de/search?q=Hafen&amp;type=posts"');
  });

  it('is linked from the header, and the 404 page offers a search form', async () => {
    expect(header((await get('/')).body)).toContain('href="/search"');
    const missing = await get('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(main(missing.body)).toMatch(/<form role="search"[^>]* action="\/search" method="get"/);
  });
});
