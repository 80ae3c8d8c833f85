// Issue 25 through the app API: age ratings (one per system, its ratings and descriptors only) and
// the Accessible Games Initiative tags are validated against the shared lists with a message on the
// field, stored in the systems' and the initiative's order, read back by staff and visitors, kept
// when an update leaves them out, and cleared with an empty list.
import { describe, expect, it } from 'vitest';
import { api } from '../../../shared/paths';
import { RATING_MESSAGES } from '../../../shared/schemas/app-ratings';
import type { App } from '../../../shared/schemas/apps';
import { expectInvalid, ok } from '../../../../tests/setup/api';
import { useStaffApp } from '../../../../tests/setup/test-app';

type Payload = Record<string, unknown>;

const ctx = useStaffApp();
let titles = 0;

const specApp = (title: string): Payload => ({
  title,
  description: 'A calm river adventure.',
  icon: 'https://example.com/icon.png',
  screenshots: ['https://example.com/1.png'],
  status: 'Live',
});

const post = (payload: Payload) =>
  ctx.app.inject({ method: 'POST', url: api.apps, headers: { cookie: ctx.editor }, payload });
const put = (id: number, payload: Payload) =>
  ctx.app.inject({ method: 'PUT', url: api.app(id), headers: { cookie: ctx.editor }, payload });
const create = (fields: Payload = {}) => ok<App>(post({ ...specApp(`Rated ${++titles}`), ...fields }), 201);

const RATINGS = [
  { system: 'esrb', rating: 'E10+', descriptors: ['Mild Fantasy Violence'], notices: ['in-game-purchases'] },
  {
    system: 'pegi',
    rating: '7',
    descriptors: ['Violence', 'Fear'],
    notices: ['users-interact', 'in-game-purchases'],
  },
  { system: 'USK', rating: '6', descriptors: [], notices: [] },
];

/** RATINGS as stored: in the systems' order, descriptors and notices in their lists' order. */
const STORED_RATINGS = [
  {
    system: 'pegi',
    rating: '7',
    descriptors: ['Fear', 'Violence'],
    notices: ['in-game-purchases', 'users-interact'],
  },
  { system: 'esrb', rating: 'E10+', descriptors: ['Mild Fantasy Violence'], notices: ['in-game-purchases'] },
  { system: 'usk', rating: '6', descriptors: [], notices: [] },
];

describe('ratings and accessibility: create, read, update', () => {
  it('stores ratings, tags and the note in order and reads them back (staff and visitors)', async () => {
    const created = await create({
      ratings: RATINGS,
      accessibilityTags: ['large-text', 'save-anytime', 'multiple-volume-controls'],
      accessibilityNote: 'All puzzles can be played with one hand.',
    });
    expect(created.ratings).toEqual(STORED_RATINGS);
    expect(created.accessibilityTags).toEqual(['multiple-volume-controls', 'save-anytime', 'large-text']);
    expect(created.accessibilityNote).toBe('All puzzles can be played with one hand.');
    const visitor = await ok<App>(ctx.app.inject({ method: 'GET', url: api.app(created.id) }));
    expect(visitor).toMatchObject({
      ratings: STORED_RATINGS,
      accessibilityTags: created.accessibilityTags,
      accessibilityNote: created.accessibilityNote,
    });
    const bySlug = await ok<App>(ctx.app.inject({ method: 'GET', url: api.appBySlug(created.slug) }));
    expect(bySlug.ratings).toEqual(STORED_RATINGS);
    const list = await ok<App[]>(ctx.app.inject({ method: 'GET', url: api.apps }));
    expect(list.find((a) => a.id === created.id)?.accessibilityTags).toEqual(created.accessibilityTags);
  });

  it('a new app has none; an update that leaves them out keeps them; empty lists clear them', async () => {
    const bare = await create();
    expect(bare).toMatchObject({ ratings: [], accessibilityTags: [], accessibilityNote: '' });
    const rated = await ok<App>(
      put(bare.id, { ...specApp(bare.title), ratings: RATINGS, accessibilityTags: ['clear-text'] }),
    );
    const kept = await ok<App>(put(bare.id, { ...specApp(bare.title), description: 'Changed.' }));
    expect(kept.ratings).toEqual(rated.ratings);
    expect(kept.accessibilityTags).toEqual(['clear-text']);
    const cleared = await ok<App>(
      put(bare.id, { ...specApp(bare.title), ratings: [], accessibilityTags: [], accessibilityNote: null }),
    );
    expect(cleared).toMatchObject({ ratings: [], accessibilityTags: [], accessibilityNote: '' });
  });
});

describe('validation: a 422 on the field with its message, and nothing written', () => {
  const cases: [string, Payload, string, string][] = [
    ['an unknown system', { ratings: [{ system: 'bbfc', rating: '12' }] }, 'ratings.0.system', RATING_MESSAGES.system],
    [
      'a rating of another system',
      { ratings: [{ system: 'pegi', rating: 'E10+' }] },
      'ratings.0.rating',
      'A PEGI rating is one of: 3, 7, 12, 16, 18',
    ],
    [
      'an ESRB rating PEGI has',
      { ratings: [{ system: 'esrb', rating: '12' }] },
      'ratings.0.rating',
      'A ESRB rating is one of: E, E10+, T, M, AO, RP',
    ],
    [
      "another system's descriptor",
      { ratings: [{ system: 'pegi', rating: '7', descriptors: ['Violence', 'Cartoon Violence'] }] },
      'ratings.0.descriptors.1',
      '"Cartoon Violence" is not a PEGI content descriptor',
    ],
    [
      'two entries of one system',
      {
        ratings: [
          { system: 'pegi', rating: '7' },
          { system: 'esrb', rating: 'E' },
          { system: 'PEGI', rating: '12' },
        ],
      },
      'ratings.2.system',
      'PEGI is rated twice: give each system one rating',
    ],
    [
      'an unknown notice',
      { ratings: [{ system: 'iarc', rating: '3+', notices: ['loot-boxes'] }] },
      'ratings.0.notices.0',
      RATING_MESSAGES.notice,
    ],
    [
      'ratings that are not a list',
      { ratings: 'PEGI 7' },
      'ratings',
      'Ratings must be a list of { system, rating, descriptors, notices }',
    ],
    [
      'an unknown tag',
      { accessibilityTags: ['clear-text', 'big-buttons'] },
      'accessibilityTags.1',
      '"big-buttons" is not an accessibility tag',
    ],
    [
      'a duplicate tag',
      { accessibilityTags: ['large-text', 'mono-sound', 'large-text'] },
      'accessibilityTags.2',
      '"large-text" is listed twice',
    ],
    [
      'a note that is too long',
      { accessibilityNote: 'x'.repeat(2001) },
      'accessibilityNote',
      'Accessibility note must be at most 2000 characters',
    ],
  ];

  it.each(cases)('%s', async (_label, fields, path, message) => {
    const before = await ok<App[]>(ctx.app.inject({ method: 'GET', url: api.apps, headers: { cookie: ctx.editor } }));
    expectInvalid(await post({ ...specApp(`Refused ${++titles}`), ...fields }), path, message);
    const app = await create({ ratings: STORED_RATINGS, accessibilityTags: ['mono-sound'] });
    expectInvalid(await put(app.id, { ...specApp(app.title), ...fields }), path, message);
    const after = await ok<App>(ctx.app.inject({ method: 'GET', url: api.app(app.id) }));
    expect(after).toMatchObject({ ratings: STORED_RATINGS, accessibilityTags: ['mono-sound'] });
    const list = await ok<App[]>(ctx.app.inject({ method: 'GET', url: api.apps, headers: { cookie: ctx.editor } }));
    expect(list.length).toBe(before.length + 1);
  });
});
