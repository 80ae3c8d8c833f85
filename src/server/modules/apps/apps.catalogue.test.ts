// GET /api/apps with the catalogue's filters and order (issue 25 item 3, decision 116).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../../tests/setup/api';
import { useStaffApp } from '../../../../tests/setup/test-app';
import type { App, AppInput } from '../../../shared/schemas/apps';
import { apps } from '../../db/schema';

const ctx = useStaffApp();

type Listed = Pick<App, 'title'>;
const titles = async (query = '', cookie?: string): Promise<string[]> => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/apps${query}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Listed[]).map((a) => a.title);
};

/** An app with these catalogue facts; tags are written to the table (the app form's part is another's). */
async function make(input: Partial<AppInput>, tags: string[] = []): Promise<App> {
  const app = await ctx.make.makeApp(input);
  if (tags.length) {
    await ctx.database.db.update(apps).set({ accessibilityTags: tags }).where(eq(apps.id, app.id));
  }
  return app;
}

beforeAll(async () => {
  // In the staff's order: Lantern, Orbit, Pebble, Quill, Shade (hidden).
  await make(
    {
      title: 'Lantern',
      kind: 'game',
      category: 'Puzzle',
      platforms: ['android', 'ios'],
      status: 'Live',
      releaseDate: '2024-03-01',
    },
    ['clear-text', 'large-text'],
  );
  await make({ title: 'Orbit', kind: 'game', category: 'Arcade', platforms: ['switch'], status: 'Coming Soon' }, [
    'clear-text',
  ]);
  await make({
    title: 'Pebble',
    kind: 'app',
    category: 'Utilities',
    platforms: ['android'],
    status: 'Live',
    releaseDate: '2025-06-10',
  });
  // No platforms ticked: its Google Play link says Android.
  await make({
    title: 'Quill',
    kind: 'game',
    category: 'Puzzle',
    platforms: [],
    googlePlayLink: 'https://play.google.com/store/apps/details?id=com.studio.quill',
    status: 'Testing',
    releaseDate: '2023-01-20',
  });
  await make(
    {
      title: 'Shade',
      kind: 'game',
      category: 'Puzzle',
      platforms: ['android'],
      status: 'Live',
      isHidden: true,
      releaseDate: '2026-01-01',
    },
    ['clear-text'],
  );
});

describe('GET /api/apps with filters', () => {
  it('answers as before without parameters: every visible app, in the staff order', async () => {
    expect(await titles()).toEqual(['Lantern', 'Orbit', 'Pebble', 'Quill']);
    expect(await titles('?locale=en')).toEqual(['Lantern', 'Orbit', 'Pebble', 'Quill']);
  });

  it('filters by each kind of filter', async () => {
    expect(await titles('?platform=android')).toEqual(['Lantern', 'Pebble', 'Quill']);
    expect(await titles('?platform=switch')).toEqual(['Orbit']);
    expect(await titles('?platform=steam')).toEqual([]);
    expect(await titles('?status=live')).toEqual(['Lantern', 'Pebble']);
    expect(await titles('?status=coming-soon')).toEqual(['Orbit']);
    expect(await titles('?kind=app')).toEqual(['Pebble']);
    expect(await titles('?kind=game')).toEqual(['Lantern', 'Orbit', 'Quill']);
    expect(await titles('?category=puzzle')).toEqual(['Lantern', 'Quill']);
    expect(await titles('?tag=clear-text')).toEqual(['Lantern', 'Orbit']);
    expect(await titles('?tag=large-text')).toEqual(['Lantern']);
  });

  it('reads values in any case, and a status as the API spells it', async () => {
    expect(await titles('?status=Live')).toEqual(['Lantern', 'Pebble']);
    expect(await titles('?status=Coming%20Soon')).toEqual(['Orbit']);
    expect(await titles('?platform=Android&kind=GAME')).toEqual(['Lantern', 'Quill']);
    expect(await titles('?category=PUZZLE')).toEqual(['Lantern', 'Quill']);
    // Empty is no filter.
    expect(await titles('?platform=&tag=')).toEqual(['Lantern', 'Orbit', 'Pebble', 'Quill']);
  });

  it('combines kinds of filter with AND', async () => {
    expect(await titles('?platform=android&status=live')).toEqual(['Lantern', 'Pebble']);
    expect(await titles('?platform=android&status=live&tag=clear-text')).toEqual(['Lantern']);
    expect(await titles('?kind=game&category=puzzle&status=testing')).toEqual(['Quill']);
    expect(await titles('?platform=switch&tag=large-text')).toEqual([]);
  });

  it('sorts by release date, newest first, apps without one last in the staff order', async () => {
    expect(await titles('?sort=release')).toEqual(['Pebble', 'Lantern', 'Quill', 'Orbit']);
    expect(await titles('?sort=order')).toEqual(['Lantern', 'Orbit', 'Pebble', 'Quill']);
    expect(await titles('?sort=release&platform=android')).toEqual(['Pebble', 'Lantern', 'Quill']);
  });

  it('never lists a hidden app to visitors, whatever the filters; staff see it', async () => {
    for (const query of ['?platform=android', '?tag=clear-text', '?status=live', '?sort=release', '?category=puzzle']) {
      expect(await titles(query)).not.toContain('Shade');
    }
    expect(await titles('?tag=clear-text', ctx.editor)).toEqual(['Lantern', 'Orbit', 'Shade']);
  });

  it('refuses a value that is not one there is, and a parameter given twice, naming the choices', async () => {
    const bad: [string, string, string][] = [
      ['?platform=xbox', 'platform', 'platform must be one of: ios, android, web, steam, switch, itch'],
      ['?status=released', 'status', 'status must be one of: live, testing, in-development, in-design, coming-soon'],
      ['?kind=toy', 'kind', 'kind must be one of: app, game'],
      ['?tag=big-buttons', 'tag', expect.stringMatching(/^tag must be one of: multiple-volume-controls, /) as never],
      ['?sort=name', 'sort', 'sort must be one of: order, release'],
      ['?platform=ios&platform=android', 'platform', 'Give platform once'],
      [`?category=${'x'.repeat(201)}`, 'category', 'category must be at most 200 characters'],
    ];
    for (const [query, path, message] of bad) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/apps${query}` });
      const body = expectError(res, 400, 'BAD_REQUEST');
      expect(body.issues).toEqual([{ path, message }]);
      expect(body.message).toEqual(message);
    }
  });
});
