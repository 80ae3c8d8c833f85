import { describe, expect, it } from 'vitest';
import {
  expectInvalidId,
  expectIsoTimestamp,
  expectSingleIssue,
  expectUnauthenticated,
} from '../../../../tests/setup/api';
import { useStaffApp } from '../../../../tests/setup/test-app';
import { socialMediaLinks } from '../../db/schema';

const LINK_KEYS = ['id', 'name', 'url', 'icon', 'isVisible', 'order', 'createdAt', 'updatedAt'].sort();
const ICON_KEYS = [
  'FaTwitter',
  'FaFacebook',
  'FaInstagram',
  'FaLinkedin',
  'FaYoutube',
  'FaPinterest',
  'FaTiktok',
  'FaDiscord',
  'FaTwitch',
  'FaReddit',
  'FaMedium',
  'FaGithub',
  'FaDribbble',
  'FaBehance',
];
const BAD_IDS = ['abc', '0', '-1', '1.5', '99999999999'];
const MISSING_ID = 999999;

const validLink = { name: 'Twitter', url: 'https://twitter.com/studio', icon: 'FaTwitter', isVisible: true, order: 1 };

const ctx = useStaffApp();

type Payload = Record<string, unknown>;
type Link = { id: number; name: string; url: string; icon: string; isVisible: boolean; order: number };

const headers = (cookie: string | null) => (cookie ? { cookie } : {});

function list(cookie: string | null = null) {
  return ctx.app.inject({ method: 'GET', url: '/api/social-media', headers: headers(cookie) });
}
function create(payload: Payload, cookie: string | null = ctx.editor) {
  return ctx.app.inject({ method: 'POST', url: '/api/social-media', headers: headers(cookie), payload });
}
function update(id: number | string, payload: Payload, cookie: string | null = ctx.editor) {
  return ctx.app.inject({ method: 'PUT', url: `/api/social-media/${id}`, headers: headers(cookie), payload });
}
function remove(id: number | string, cookie: string | null = ctx.editor) {
  return ctx.app.inject({ method: 'DELETE', url: `/api/social-media/${id}`, headers: headers(cookie) });
}

async function createLink(overrides: Payload = {}): Promise<Link> {
  const res = await create({ ...validLink, ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function staffFind(id: number): Promise<Link | undefined> {
  return ((await list(ctx.editor)).json() as Link[]).find((l) => l.id === id);
}

async function linkCount(): Promise<number> {
  return (await ctx.database.db.select({ id: socialMediaLinks.id }).from(socialMediaLinks)).length;
}

describe('GET /api/social-media', () => {
  // Runs first, on the empty table.
  it('is an empty list before any link exists', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('gives visitors only the visible links, ordered by order; staff get all of them', async () => {
    const third = await createLink({ name: 'Third', order: 3 });
    const hidden = await createLink({ name: 'Hidden', order: 0, isVisible: false });
    const first = await createLink({ name: 'First', order: 0 });
    const second = await createLink({ name: 'Second', order: 2 });
    const hiddenLate = await createLink({ name: 'Hidden late', order: 5, isVisible: false });

    for (const cookie of [null, 'sid=forged-session-token']) {
      const res = await list(cookie);
      expect(res.statusCode).toBe(200);
      const links = res.json() as Array<Record<string, unknown>>;
      expect(links.map((l) => l.id)).toEqual([first.id, second.id, third.id]);
      for (const link of links) {
        expect(Object.keys(link).sort()).toEqual(LINK_KEYS);
        expect(link.isVisible).toBe(true);
      }
    }

    for (const cookie of [ctx.editor, ctx.admin]) {
      const res = await list(cookie);
      expect(res.statusCode).toBe(200);
      const ids = (res.json() as Link[]).map((l) => l.id);
      expect(ids).toEqual([hidden.id, first.id, second.id, third.id, hiddenLate.id]);
    }

    // Clean up so later tests start from an empty table.
    for (const link of [third, hidden, first, second, hiddenLate]) expect((await remove(link.id)).statusCode).toBe(200);
    expect(await linkCount()).toBe(0);
  });
});

describe('POST /api/social-media', () => {
  it.each(['editor', 'admin'] as const)('lets a signed-in %s create a link (201, full shape)', async (role) => {
    const res = await create({ ...validLink, name: `  By ${role}  ` }, ctx.session(role));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(LINK_KEYS);
    expect(body).toMatchObject({
      name: `By ${role}`,
      url: validLink.url,
      icon: 'FaTwitter',
      isVisible: true,
      order: 1,
    });
    expect(Number.isInteger(body.id)).toBe(true);
    expectIsoTimestamp(body.createdAt);
    expectIsoTimestamp(body.updatedAt);
    expect(await staffFind(body.id)).toEqual(body);
  });

  it('defaults isVisible to true and order to 0', async () => {
    const res = await create({ name: 'Defaults', url: 'http://example.com', icon: 'FaGithub' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ isVisible: true, order: 0, url: 'http://example.com' });
    expect((await staffFind(res.json().id))?.order).toBe(0);
  });

  it('stores a hidden link', async () => {
    const res = await create({ ...validLink, isVisible: false });
    expect(res.statusCode).toBe(201);
    expect(res.json().isVisible).toBe(false);
    expect(((await list()).json() as Link[]).map((l) => l.id)).not.toContain(res.json().id);
  });

  it.each([
    ['3', 3],
    ['0', 0],
    [7, 7],
    [5000, 5000],
  ])('coerces order %j to %j', async (order, expected) => {
    const res = await create({ ...validLink, order });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toBe(expected);
    expect((await staffFind(res.json().id))?.order).toBe(expected);
  });

  it('accepts each of the 14 icon keys', async () => {
    for (const icon of ICON_KEYS) {
      const res = await create({ ...validLink, icon });
      expect(res.statusCode, icon).toBe(201);
      expect(res.json().icon).toBe(icon);
    }
  });

  describe('validation (422 VALIDATION_FAILED)', () => {
    it.each([
      ['name', '', 'Name is required'],
      ['name', '    ', 'Name is required'],
      ['name', 'x'.repeat(101), 'Name must be at most 100 characters'],
      ['url', '', 'Please enter a valid URL'],
      ['url', 'not a url', 'Please enter a valid URL'],
      ['url', 'twitter.com/studio', 'Please enter a valid URL'],
      ['url', 'javascript:alert(1)', 'Please enter a valid URL'],
      ['url', 'data:text/html,<script>alert(1)</script>', 'Please enter a valid URL'],
      ['url', 'ftp://example.com', 'Please enter a valid URL'],
      ['url', '/media/demo/x.png', 'Please enter a valid URL'],
      ['icon', '', 'Icon is required'],
      ['icon', 'FaMastodon', 'Icon is required'],
      ['icon', 'fatwitter', 'Icon is required'],
      ['icon', null, 'Icon is required'],
      ['order', 1.5, 'Order must be a whole number'],
      ['order', '2.5', 'Order must be a whole number'],
      ['order', 'abc', 'Order must be a whole number'],
      ['order', -1, 'Order must be 0 or more'],
      ['order', '-4', 'Order must be 0 or more'],
      ['order', 5001, 'Order must be at most 5000'],
    ])('%s = %j is rejected with its message and nothing is stored', async (field, value, message) => {
      const before = await linkCount();
      expectSingleIssue(await create({ ...validLink, [field]: value }), field, message);
      expect(await linkCount()).toBe(before);
    });

    it("a missing icon gives 'Icon is required'", async () => {
      const { icon: _icon, ...withoutIcon } = validLink;
      expectSingleIssue(await create(withoutIcon), 'icon', 'Icon is required');
    });

    it('a missing name or url is rejected on its field', async () => {
      const { name: _n, url: _u, ...rest } = validLink;
      const res = await create(rest);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(
        res
          .json()
          .issues.map((i: { path: string }) => i.path)
          .sort(),
      ).toEqual(['name', 'url']);
    });

    it.each([
      ['name', 'Name is required'],
      ['url', 'Please enter a valid URL'],
    ] as const)(
      'a missing %s gives its product message, not a generic one, and stores nothing',
      async (field, message) => {
        const before = await linkCount();
        const payload: Payload = { ...validLink };
        delete payload[field];
        expectSingleIssue(await create(payload), field, message);
        expect(await linkCount()).toBe(before);
      },
    );

    it.each([true, false, '', '   ', null, 'abc', [], {}])(
      'order %j is rejected with "Order must be a whole number" and nothing is stored',
      async (order) => {
        const before = await linkCount();
        expectSingleIssue(await create({ ...validLink, order }), 'order', 'Order must be a whole number');
        expect(await linkCount()).toBe(before);
      },
    );

    it('isVisible must be a boolean', async () => {
      const res = await create({ ...validLink, isVisible: 'false' });
      expect(res.statusCode).toBe(422);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual(['isVisible']);
    });
  });

  it('is 401 UNAUTHENTICATED for an anonymous visitor and stores nothing', async () => {
    const before = await linkCount();
    for (const cookie of [null, 'sid=forged-session-token']) expectUnauthenticated(await create(validLink, cookie));
    expect(await linkCount()).toBe(before);
  });
});

describe('PUT /api/social-media/:id', () => {
  it.each(['editor', 'admin'] as const)('lets a signed-in %s update a link', async (role) => {
    const link = await createLink({ name: 'Before', order: 1 });
    const res = await update(
      link.id,
      { name: 'After', url: 'https://discord.gg/studio', icon: 'FaDiscord', isVisible: false, order: '4' },
      ctx.session(role),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(LINK_KEYS);
    expect(body).toMatchObject({
      id: link.id,
      name: 'After',
      url: 'https://discord.gg/studio',
      icon: 'FaDiscord',
      isVisible: false,
      order: 4,
    });
    expect(await staffFind(link.id)).toEqual(body);
    // Now hidden from visitors.
    expect(((await list()).json() as Link[]).map((l) => l.id)).not.toContain(link.id);
  });

  it('can make a hidden link visible again', async () => {
    const link = await createLink({ isVisible: false });
    const res = await update(link.id, { ...validLink, isVisible: true });
    expect(res.statusCode).toBe(200);
    expect(((await list()).json() as Link[]).map((l) => l.id)).toContain(link.id);
  });

  it('validates the body with the same rules and leaves the link unchanged', async () => {
    const link = await createLink({ name: 'Stable' });
    expectSingleIssue(await update(link.id, { ...validLink, name: '' }), 'name', 'Name is required');
    expectSingleIssue(
      await update(link.id, { ...validLink, url: 'javascript:alert(1)' }),
      'url',
      'Please enter a valid URL',
    );
    expectSingleIssue(await update(link.id, { ...validLink, icon: 'Nope' }), 'icon', 'Icon is required');
    expectSingleIssue(await update(link.id, { ...validLink, order: 2.5 }), 'order', 'Order must be a whole number');
    expectSingleIssue(await update(link.id, { ...validLink, order: -2 }), 'order', 'Order must be 0 or more');
    expect(await staffFind(link.id)).toMatchObject({
      name: 'Stable',
      url: validLink.url,
      icon: validLink.icon,
      order: validLink.order,
    });
  });

  it('reports a missing name or url with its product message and leaves the link unchanged', async () => {
    const link = await createLink({ name: 'Kept name' });
    const { name: _n, ...withoutName } = validLink;
    expectSingleIssue(await update(link.id, withoutName), 'name', 'Name is required');
    const { url: _u, ...withoutUrl } = validLink;
    expectSingleIssue(await update(link.id, withoutUrl), 'url', 'Please enter a valid URL');
    expect(await staffFind(link.id)).toMatchObject({ name: 'Kept name', url: validLink.url });
  });

  it.each([true, '', null, 'abc'])('rejects order %j and keeps the stored order', async (order) => {
    const link = await createLink({ order: 2 });
    expectSingleIssue(await update(link.id, { ...validLink, order }), 'order', 'Order must be a whole number');
    expect((await staffFind(link.id))?.order).toBe(2);
  });

  it("coerces order '3' to 3, and a missing order resets it to 0", async () => {
    const link = await createLink({ order: 1 });
    const three = await update(link.id, { ...validLink, order: '3' });
    expect(three.statusCode, three.body).toBe(200);
    expect(three.json().order).toBe(3);
    expect((await staffFind(link.id))?.order).toBe(3);
    const { order: _o, ...withoutOrder } = validLink;
    const reset = await update(link.id, withoutOrder);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().order).toBe(0);
    expect((await staffFind(link.id))?.order).toBe(0);
  });

  it('is 404 for a missing link', async () => {
    const res = await update(MISSING_ID, validLink);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Social media link not found', code: 'NOT_FOUND' });
  });

  it.each(BAD_IDS)('is 400 (never 500) for the id %s', async (id) => {
    const res = await update(id, validLink);
    expectInvalidId(res);
  });

  it('is 401 for an anonymous visitor and changes nothing', async () => {
    const link = await createLink({ name: 'Mine' });
    expectUnauthenticated(await update(link.id, { ...validLink, name: 'Hijacked' }, null));
    expect((await staffFind(link.id))?.name).toBe('Mine');
  });
});

describe('DELETE /api/social-media/:id', () => {
  it.each(['editor', 'admin'] as const)('lets a signed-in %s delete a link', async (role) => {
    const link = await createLink();
    const res = await remove(link.id, ctx.session(role));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await staffFind(link.id)).toBeUndefined();
    const again = await remove(link.id, ctx.session(role));
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Social media link not found', code: 'NOT_FOUND' });
  });

  it.each(BAD_IDS)('is 400 (never 500) for the id %s', async (id) => {
    const res = await remove(id);
    expectInvalidId(res);
  });

  it('is 401 for an anonymous visitor and keeps the link', async () => {
    const link = await createLink();
    expectUnauthenticated(await remove(link.id, null));
    expect(await staffFind(link.id)).toBeDefined();
  });
});
