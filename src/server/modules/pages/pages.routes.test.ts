import { describe, expect, it } from 'vitest';
import { expectIsoTimestamp, expectSingleIssue, expectUnauthenticated } from '../../../../tests/setup/api';
import { expectSanitised, XSS_CONTENT } from '../../../../tests/setup/xss';
import { fixedClock } from '../../../../tests/setup/clock';
import { useStaffApp } from '../../../../tests/setup/test-app';
import { aboutUs, contactInfo, homeContent, privacyPolicy } from '../../db/schema';

const INVALID_DATE = 'Invalid date format. Please use DD/MM/YYYY format.';

const CONTACT_KEYS = ['id', 'email', 'location', 'twitterLink', 'linkedinLink', 'githubLink', 'updatedAt'].sort();
const PRIVACY_KEYS = ['id', 'content', 'lastUpdated', 'version', 'updatedAt'].sort();
// In alphabetical order, as the reply's keys are compared sorted.
const HOME_KEYS = [
  'ctaText',
  'featuredAppTitle',
  'heroContent',
  'heroSubtitle',
  'heroTitle',
  'id',
  'introContent',
  'introTitle',
  'updatedAt',
  'version',
];
const ABOUT_KEYS = ['id', 'title', 'content', 'lastUpdated', 'version', 'updatedAt'].sort();

const validContact = {
  email: 'hello@studio.example',
  location: 'Lisbon, Portugal',
  twitterLink: 'https://twitter.com/studio',
  linkedinLink: 'https://linkedin.com/company/studio',
  githubLink: 'https://github.com/studio',
};
const validPrivacy = { content: '<p>We collect nothing.</p>', lastUpdated: '14/05/2025' };
const validHome = {
  heroTitle: 'Small games, big smiles',
  heroSubtitle: 'An independent studio',
  heroContent: 'We make calm games.',
  introTitle: 'Intro',
  introContent: 'Intro text',
  featuredAppTitle: 'Featured Games',
  ctaText: 'See our games',
};
const validAbout = { title: 'About the studio', content: '<p>We are three friends making games.</p>' };

const ctx = useStaffApp({}, { clock: fixedClock() });

type Payload = Record<string, unknown>;
type Page = 'contact' | 'privacy-policy' | 'home-content' | 'about-us';

function read(page: Page) {
  return ctx.app.inject({ method: 'GET', url: `/api/${page}` });
}
function write(page: Page, payload: Payload, cookie: string | null = ctx.editor) {
  return ctx.app.inject({ method: 'PUT', url: `/api/${page}`, headers: cookie ? { cookie } : {}, payload });
}

async function rowCount(table: typeof contactInfo | typeof privacyPolicy | typeof homeContent | typeof aboutUs) {
  return (await ctx.database.db.select({ id: table.id }).from(table)).length;
}

// Must run first: nothing has been written yet.
describe('before the first write', () => {
  it.each(['contact', 'privacy-policy', 'home-content', 'about-us'] as const)(
    'GET /api/%s reads as null',
    async (page) => {
      const res = await read(page);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toBe('null');
      expect(res.json()).toBeNull();
    },
  );

  it.each(['contact', 'privacy-policy', 'home-content', 'about-us'] as const)(
    'an anonymous PUT /api/%s is 401 and creates nothing',
    async (page) => {
      const payload = {
        contact: validContact,
        'privacy-policy': validPrivacy,
        'home-content': validHome,
        'about-us': validAbout,
      }[page];
      for (const cookie of [null, 'sid=forged-session-token'])
        expectUnauthenticated(await write(page, payload, cookie));
      expect((await read(page)).json()).toBeNull();
    },
  );

  it.each([
    ['privacy-policy', { ...validPrivacy, content: '<script>x</script>' }, 'Content is required'],
    ['about-us', { ...validAbout, content: '<script>alert(1)</script>' }, 'Content must be at least 10 characters'],
  ] as const)(
    'a PUT /api/%s whose content is empty once sanitised is 422 and creates nothing',
    async (page, payload, message) => {
      expectSingleIssue(await write(page, payload), 'content', message);
      expect((await read(page)).json()).toBeNull();
    },
  );

  it.each(['contact', 'privacy-policy', 'home-content', 'about-us'] as const)(
    'an invalid PUT /api/%s is 422 and creates nothing',
    async (page) => {
      const res = await write(page, {});
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect((await read(page)).json()).toBeNull();
    },
  );
});

describe('/api/contact', () => {
  it('PUT creates the one row, then updates it in place', async () => {
    const first = await write('contact', validContact);
    expect(first.statusCode, first.body).toBe(200);
    const created = first.json();
    expect(Object.keys(created).sort()).toEqual(CONTACT_KEYS);
    expect(created).toMatchObject(validContact);
    expectIsoTimestamp(created.updatedAt);
    expect((await read('contact')).json()).toEqual(created);

    const second = await write('contact', { email: 'new@studio.example', location: '', twitterLink: null }, ctx.admin);
    expect(second.statusCode, second.body).toBe(200);
    const updated = second.json();
    expect(updated).toMatchObject({
      id: created.id,
      email: 'new@studio.example',
      location: null,
      twitterLink: null,
      linkedinLink: null,
      githubLink: null,
    });
    expect((await read('contact')).json()).toEqual(updated);
    expect(await rowCount(contactInfo)).toBe(1);
  });

  it.each(['editor', 'admin'] as const)('a signed-in %s can update it', async (role) => {
    const res = await write('contact', { ...validContact, location: `Set by ${role}` }, ctx.session(role));
    expect(res.statusCode).toBe(200);
    expect((await read('contact')).json().location).toBe(`Set by ${role}`);
  });

  it.each([
    ['email', '', 'Email is required'],
    ['email', 'not-an-email', 'Invalid email address'],
    ['twitterLink', 'javascript:alert(1)', 'Please enter a valid URL'],
    ['linkedinLink', 'ftp://example.com', 'Please enter a valid URL'],
    ['githubLink', 'data:text/html,hi', 'Please enter a valid URL'],
    ['location', 'x'.repeat(201), 'Must be at most 200 characters'],
  ])('%s = %j is rejected with its message and nothing changes', async (field, value, message) => {
    const before = (await read('contact')).json();
    expectSingleIssue(await write('contact', { ...validContact, [field]: value }), field, message);
    expect((await read('contact')).json()).toEqual(before);
  });

  it.each([null, undefined])("a %s email gives 'Email is required' and nothing changes", async (email) => {
    const before = (await read('contact')).json();
    const payload: Payload = { ...validContact, email };
    if (email === undefined) delete payload.email;
    expectSingleIssue(await write('contact', payload), 'email', 'Email is required');
    expect((await read('contact')).json()).toEqual(before);
  });

  it('an anonymous PUT is 401 and leaves the row alone', async () => {
    const before = (await read('contact')).json();
    expectUnauthenticated(await write('contact', { ...validContact, email: 'evil@example.com' }, null));
    expect((await read('contact')).json()).toEqual(before);
  });
});

describe('/api/privacy-policy', () => {
  it('PUT creates the one row, then updates it in place', async () => {
    const first = await write('privacy-policy', validPrivacy);
    expect(first.statusCode, first.body).toBe(200);
    const created = first.json();
    expect(Object.keys(created).sort()).toEqual(PRIVACY_KEYS);
    expect(created).toMatchObject({ content: '<p>We collect nothing.</p>', lastUpdated: '2025-05-14T00:00:00.000Z' });
    expectIsoTimestamp(created.updatedAt);
    expect((await read('privacy-policy')).json()).toEqual(created);

    const second = await write(
      'privacy-policy',
      { content: '<p>Version two.</p>', lastUpdated: '2025-06-01T00:00:00.000Z' },
      ctx.admin,
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({
      id: created.id,
      content: '<p>Version two.</p>',
      lastUpdated: '2025-06-01T00:00:00.000Z',
    });
    expect((await read('privacy-policy')).json()).toEqual(second.json());
    expect(await rowCount(privacyPolicy)).toBe(1);
  });

  it.each([
    ['01/01/2024', '2024-01-01T00:00:00.000Z'],
    ['29/02/2024', '2024-02-29T00:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ['31/12/2025', '2025-12-31T00:00:00.000Z'],
    ['2025-03-15', '2025-03-15T00:00:00.000Z'],
    ['2025-03-15T10:20:30.000Z', '2025-03-15T10:20:30.000Z'],
    ['2025-03-15T12:00:00+02:00', '2025-03-15T10:00:00.000Z'],
  ])('accepts lastUpdated %s', async (lastUpdated, stored) => {
    const res = await write('privacy-policy', { ...validPrivacy, lastUpdated });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lastUpdated).toBe(stored);
    expect((await read('privacy-policy')).json().lastUpdated).toBe(stored);
  });

  it.each([
    '31/02/2025',
    '29/02/2025',
    '32/01/2025',
    '15/13/2025',
    '00/01/2025',
    'nonsense',
    '',
    '2025/05/14',
    '5/5/2025',
    'May 14, 2025',
    '2025-13-01',
    '2025-02-31',
    '2025-02-29',
    '2025-04-31',
    '2025-00-10',
    '2025-01-00',
  ])('rejects lastUpdated %j with the date message and keeps the stored policy', async (lastUpdated) => {
    const before = (await read('privacy-policy')).json();
    expectSingleIssue(await write('privacy-policy', { ...validPrivacy, lastUpdated }), 'lastUpdated', INVALID_DATE);
    expect((await read('privacy-policy')).json()).toEqual(before);
  });

  it.each([
    ['lastUpdated', INVALID_DATE],
    ['content', 'Content is required'],
  ] as const)('a missing %s gives its product message and keeps the stored policy', async (field, message) => {
    const before = (await read('privacy-policy')).json();
    const payload: Payload = { ...validPrivacy, content: '<p>Should not be stored.</p>' };
    delete payload[field];
    expectSingleIssue(await write('privacy-policy', payload), field, message);
    expect((await read('privacy-policy')).json()).toEqual(before);
  });

  it.each(['<script>x</script>', '<p><script>alert(1)</script></p>', '<iframe src="https://evil.example"></iframe>'])(
    'refuses content %j, empty once sanitised, and keeps the stored policy',
    async (content) => {
      const before = (await read('privacy-policy')).json();
      expectSingleIssue(await write('privacy-policy', { ...validPrivacy, content }), 'content', 'Content is required');
      expect((await read('privacy-policy')).json()).toEqual(before);
    },
  );

  it('rejects a missing or non-string lastUpdated', async () => {
    for (const payload of [{ content: validPrivacy.content }, { ...validPrivacy, lastUpdated: 12345 }]) {
      const res = await write('privacy-policy', payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual(['lastUpdated']);
    }
  });

  it('rejects empty content', async () => {
    for (const content of ['', '   ']) {
      const res = await write('privacy-policy', { ...validPrivacy, content });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().message).toBe('Content is required');
      expect(res.json().issues).toContainEqual({ path: 'content', message: 'Content is required' });
    }
  });

  it('sanitises the content on write', async () => {
    const res = await write('privacy-policy', { ...validPrivacy, content: XSS_CONTENT });
    expect(res.statusCode, res.body).toBe(200);
    expectSanitised(res.json().content);
    expectSanitised((await read('privacy-policy')).json().content);
  });

  it.each(['editor', 'admin'] as const)('a signed-in %s can update it', async (role) => {
    const content = `<p>Written by ${role}.</p>`;
    expect((await write('privacy-policy', { ...validPrivacy, content }, ctx.session(role))).statusCode).toBe(200);
    expect((await read('privacy-policy')).json().content).toBe(content);
  });

  it('an anonymous PUT is 401 and leaves the row alone', async () => {
    const before = (await read('privacy-policy')).json();
    expectUnauthenticated(await write('privacy-policy', { ...validPrivacy, content: '<p>Hijacked</p>' }, null));
    expect((await read('privacy-policy')).json()).toEqual(before);
  });
});

describe('/api/home-content', () => {
  it('PUT creates the one row (introTitle and introContent default to empty text), then updates it in place', async () => {
    const { introTitle: _t, introContent: _c, ...withoutIntro } = validHome;
    const first = await write('home-content', withoutIntro);
    expect(first.statusCode, first.body).toBe(200);
    const created = first.json();
    expect(Object.keys(created).sort()).toEqual(HOME_KEYS);
    expect(created).toMatchObject({ ...withoutIntro, introTitle: '', introContent: '' });
    expectIsoTimestamp(created.updatedAt);
    expect((await read('home-content')).json()).toEqual(created);

    const second = await write('home-content', validHome, ctx.admin);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ ...validHome, id: created.id });
    expect((await read('home-content')).json()).toEqual(second.json());
    expect(await rowCount(homeContent)).toBe(1);
  });

  it('turns missing or null optional texts into empty text', async () => {
    const res = await write('home-content', {
      heroTitle: 'Hero',
      featuredAppTitle: 'Featured',
      heroSubtitle: null,
      introTitle: null,
      introContent: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      heroTitle: 'Hero',
      featuredAppTitle: 'Featured',
      heroSubtitle: '',
      heroContent: '',
      introTitle: '',
      introContent: '',
      ctaText: '',
    });
  });

  it.each([
    ['heroTitle', '', 'Hero title must be at least 2 characters'],
    ['heroTitle', 'A', 'Hero title must be at least 2 characters'],
    ['heroTitle', ' A ', 'Hero title must be at least 2 characters'],
    ['heroTitle', 'x'.repeat(201), 'Hero title must be at most 200 characters'],
    ['featuredAppTitle', 'F', 'Featured app title must be at least 2 characters'],
    ['featuredAppTitle', 'x'.repeat(201), 'Featured app title must be at most 200 characters'],
    ['heroContent', 'x'.repeat(2001), 'Must be at most 2000 characters'],
  ])('%s = %j is rejected with its message and nothing changes', async (field, value, message) => {
    const before = (await read('home-content')).json();
    expectSingleIssue(await write('home-content', { ...validHome, [field]: value }), field, message);
    expect((await read('home-content')).json()).toEqual(before);
  });

  it.each([
    ['heroTitle', 'Hero title must be at least 2 characters'],
    ['featuredAppTitle', 'Featured app title must be at least 2 characters'],
  ] as const)('a missing or null %s gives its product message and nothing changes', async (field, message) => {
    const before = (await read('home-content')).json();
    const payload: Payload = { ...validHome, ctaText: 'Should not be stored' };
    delete payload[field];
    expectSingleIssue(await write('home-content', payload), field, message);
    expectSingleIssue(await write('home-content', { ...payload, [field]: null }), field, message);
    expect((await read('home-content')).json()).toEqual(before);
  });

  it('accepts two-character titles', async () => {
    const res = await write('home-content', { ...validHome, heroTitle: 'Hi', featuredAppTitle: 'Go' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ heroTitle: 'Hi', featuredAppTitle: 'Go' });
  });

  it.each(['editor', 'admin'] as const)('a signed-in %s can update it', async (role) => {
    expect((await write('home-content', { ...validHome, ctaText: `CTA ${role}` }, ctx.session(role))).statusCode).toBe(
      200,
    );
    expect((await read('home-content')).json().ctaText).toBe(`CTA ${role}`);
  });

  it('an anonymous PUT is 401 and leaves the row alone', async () => {
    const before = (await read('home-content')).json();
    expectUnauthenticated(await write('home-content', { ...validHome, heroTitle: 'Hijacked' }, null));
    expect((await read('home-content')).json()).toEqual(before);
  });
});

describe('/api/about-us', () => {
  it('PUT creates the one row with a server-set lastUpdated, then updates it in place', async () => {
    const first = await write('about-us', validAbout);
    expect(first.statusCode, first.body).toBe(200);
    const created = first.json();
    expect(Object.keys(created).sort()).toEqual(ABOUT_KEYS);
    expect(created).toMatchObject(validAbout);
    expectIsoTimestamp(created.lastUpdated);
    expectIsoTimestamp(created.updatedAt);
    expect(created.lastUpdated).toBe(ctx.clock.now().toISOString());
    expect((await read('about-us')).json()).toEqual(created);

    ctx.clock.advance(60_000);
    const second = await write('about-us', { title: 'Who we are', content: '<p>Still three friends.</p>' }, ctx.admin);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({
      id: created.id,
      title: 'Who we are',
      content: '<p>Still three friends.</p>',
      lastUpdated: ctx.clock.now().toISOString(),
    });
    expect((await read('about-us')).json()).toEqual(second.json());
    expect(await rowCount(aboutUs)).toBe(1);
  });

  it.each([
    ['title', 'A', 'Title must be at least 2 characters'],
    ['title', '  A  ', 'Title must be at least 2 characters'],
    ['title', 'x'.repeat(201), 'Title must be at most 200 characters'],
    ['content', 'too short', 'Content must be at least 10 characters'],
  ])('%s = %j is rejected with its message and nothing changes', async (field, value, message) => {
    const before = (await read('about-us')).json();
    expectSingleIssue(await write('about-us', { ...validAbout, [field]: value }), field, message);
    expect((await read('about-us')).json()).toEqual(before);
  });

  it('rejects empty content with the minimum-length message', async () => {
    const res = await write('about-us', { ...validAbout, content: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Content must be at least 10 characters');
    expect(res.json().issues).toContainEqual({ path: 'content', message: 'Content must be at least 10 characters' });
  });

  it.each([
    ['title', 'Title must be at least 2 characters'],
    ['content', 'Content must be at least 10 characters'],
  ] as const)('a missing or null %s gives its product message and nothing changes', async (field, message) => {
    const before = (await read('about-us')).json();
    const payload: Payload = { title: 'Should not be stored', content: '<p>Should not be stored either.</p>' };
    delete payload[field];
    expectSingleIssue(await write('about-us', payload), field, message);
    expectSingleIssue(await write('about-us', { ...payload, [field]: null }), field, message);
    expect((await read('about-us')).json()).toEqual(before);
  });

  it.each([
    '<script>alert(1)</script>',
    '<p>hi</p>',
    '<p><strong>hi</strong> <em>there</em></p>',
    '<p>   </p><p><br></p><p>   </p>',
  ])('refuses content %j (under 10 characters of text once sanitised) and nothing changes', async (content) => {
    const before = (await read('about-us')).json();
    expectSingleIssue(
      await write('about-us', { title: 'Should not be stored', content }),
      'content',
      'Content must be at least 10 characters',
    );
    expect((await read('about-us')).json()).toEqual(before);
  });

  it('accepts content of exactly 10 characters', async () => {
    const res = await write('about-us', { ...validAbout, content: '0123456789' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toBe('0123456789');
  });

  it('sanitises the content on write', async () => {
    const res = await write('about-us', { ...validAbout, content: XSS_CONTENT });
    expect(res.statusCode, res.body).toBe(200);
    expectSanitised(res.json().content);
    expectSanitised((await read('about-us')).json().content);
  });

  it.each(['editor', 'admin'] as const)('a signed-in %s can update it', async (role) => {
    const content = `<p>Written by the ${role}.</p>`;
    expect((await write('about-us', { title: `By ${role}`, content }, ctx.session(role))).statusCode).toBe(200);
    expect((await read('about-us')).json()).toMatchObject({ title: `By ${role}`, content });
  });

  it('an anonymous PUT is 401 and leaves the row alone', async () => {
    const before = (await read('about-us')).json();
    expectUnauthenticated(await write('about-us', { ...validAbout, title: 'Hijacked' }, null));
    expect((await read('about-us')).json()).toEqual(before);
  });
});
