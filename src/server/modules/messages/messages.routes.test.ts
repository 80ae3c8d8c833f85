// Visitor messages: the contact form (SPEC §5) and the staff inbox (SPEC §7).
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../../tests/setup/api';
import { createTestApp, staffSessions, type TestContext } from '../../../../tests/setup/test-app';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  subject: 'Hello',
  message: 'I would like to know more about your games.',
};

interface Message {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  subject: string;
  message: string;
  isRead: boolean;
  createdAt: string;
}

let ctx: TestContext;
let admin: string;
let editor: string;
let limited: TestContext;
let limitedStaff: string;
/** Each test sends from its own address, so the per-address limit never leaks between tests. */
let nextAddress = 1;
const freshAddress = () => `198.51.100.${nextAddress++}`;

beforeAll(async () => {
  [ctx, limited] = await Promise.all([createTestApp(), createTestApp({ contactMaxPerHour: 2 })]);
  ({ admin, editor } = await staffSessions(ctx));
  ({ editor: limitedStaff } = await staffSessions(limited));
});

const send = (payload: unknown, remoteAddress = freshAddress()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/messages',
    payload: payload as InjectOptions['payload'],
    remoteAddress,
  });

async function inbox(cookie = admin): Promise<Message[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/messages',
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('POST /api/messages (contact form)', () => {
  const rules: [field: keyof typeof valid, value: string, message: string][] = [
    ['firstName', '', 'First name is required'],
    ['firstName', '   ', 'First name is required'],
    ['lastName', '', 'Last name is required'],
    ['lastName', '  ', 'Last name is required'],
    ['email', '', 'Invalid email address'],
    ['email', 'not-an-email', 'Invalid email address'],
    ['email', 'ada@', 'Invalid email address'],
    ['subject', '', 'Subject is required'],
    ['subject', ' ', 'Subject is required'],
    ['message', '', 'Message must be at least 10 characters'],
    ['message', '123456789', 'Message must be at least 10 characters'],
    // Spaces around the text do not count towards the 10 characters.
    ['message', '   short    ', 'Message must be at least 10 characters'],
  ];

  it.each(rules)('rejects %s = %j with %j', async (field, value, message) => {
    const res = await send({ ...valid, [field]: value });
    const body = expectError(res, 422, 'VALIDATION_FAILED', message);
    expect(body.issues).toEqual([{ path: field, message }]);
  });

  it('reports every broken rule at once, each on its field', async () => {
    const body = expectError(
      await send({
        firstName: '',
        lastName: '',
        email: 'x',
        subject: '',
        message: 'short',
      }),
      422,
      'VALIDATION_FAILED',
    );
    expect(body.issues).toEqual([
      { path: 'firstName', message: 'First name is required' },
      { path: 'lastName', message: 'Last name is required' },
      { path: 'email', message: 'Invalid email address' },
      { path: 'subject', message: 'Subject is required' },
      { path: 'message', message: 'Message must be at least 10 characters' },
    ]);
  });

  it('stores nothing when validation fails', async () => {
    const before = await inbox();
    expect(
      (
        await send({
          ...valid,
          subject: '',
          message: 'Not stored because the subject is empty',
        })
      ).statusCode,
    ).toBe(422);
    expect(await inbox()).toEqual(before);
  });

  it('is public: accepts a valid message without a session (201), stored unread', async () => {
    const res = await send({
      ...valid,
      subject: 'Exactly ten',
      message: '0123456789',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ success: true });
    expect(res.headers['set-cookie']).toBeUndefined();

    const [latest] = await inbox();
    expect(latest).toEqual({
      id: expect.any(Number),
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      subject: 'Exactly ten',
      message: '0123456789',
      isRead: false,
      // A contact form message has no tag (a press-copy request's is 'press').
      tag: null,
      createdAt: expect.any(String),
      // Not answered from the inbox (issue 26).
      repliedAt: null,
    });
    expect(Number.isNaN(Date.parse(latest!.createdAt))).toBe(false);
  });

  it('trims the fields it stores', async () => {
    const res = await send({
      firstName: '  Grace ',
      lastName: ' Hopper  ',
      email: '  grace@example.com ',
      subject: '  Trimmed subject ',
      message: '   A message with spaces around it.   ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [latest] = await inbox();
    expect(latest).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      subject: 'Trimmed subject',
      message: 'A message with spaces around it.',
    });
  });

  it('lists messages newest first', async () => {
    expect((await send({ ...valid, subject: 'Older one' })).statusCode).toBe(201);
    expect((await send({ ...valid, subject: 'Newer one' })).statusCode).toBe(201);
    const subjects = (await inbox()).map((m) => m.subject);
    expect(subjects.slice(0, 2)).toEqual(['Newer one', 'Older one']);
    const list = await inbox();
    for (let i = 1; i < list.length; i++) {
      expect(Date.parse(list[i - 1]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(list[i]!.createdAt));
    }
  });

  it('accepts a filled-in honeypot (website) with 201 but stores nothing', async () => {
    const before = await inbox();
    const res = await send({
      ...valid,
      subject: 'Buy cheap pills',
      website: 'https://spam.example',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ success: true });
    const after = await inbox();
    expect(after).toEqual(before);
    expect(after.map((m) => m.subject)).not.toContain('Buy cheap pills');
  });

  it('stores the message when the honeypot is present but empty, without a website field', async () => {
    const res = await send({
      ...valid,
      subject: 'Honest visitor',
      website: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [latest] = await inbox();
    expect(latest!.subject).toBe('Honest visitor');
    expect(Object.keys(latest!)).not.toContain('website');
  });
});

describe('contact form rate limit (contactMaxPerHour: 2)', () => {
  const post = (subject: string, remoteAddress: string) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/messages',
      payload: { ...valid, subject },
      remoteAddress,
    });

  it('refuses the third message from one address within the hour with 429, other addresses unaffected', async () => {
    expect((await post('first', '192.0.2.10')).statusCode).toBe(201);
    expect((await post('second', '192.0.2.10')).statusCode).toBe(201);
    const third = await post('third', '192.0.2.10');
    const body = expectError(third, 429, 'TOO_MANY_REQUESTS');
    expect(body.message).toMatch(/too many/i);

    const other = await post('from elsewhere', '192.0.2.11');
    expect(other.statusCode, other.body).toBe(201);

    const res = await limited.app.inject({
      method: 'GET',
      url: '/api/messages',
      headers: { cookie: limitedStaff },
    });
    expect(
      res
        .json()
        .map((m: Message) => m.subject)
        .sort(),
    ).toEqual(['first', 'from elsewhere', 'second']);
  });
});

describe('GET /api/messages', () => {
  it('is 401 without a session', async () => {
    expectError(await ctx.app.inject({ method: 'GET', url: '/api/messages' }), 401, 'UNAUTHENTICATED');
    expectError(
      await ctx.app.inject({
        method: 'GET',
        url: '/api/messages',
        headers: { cookie: 'sid=forged' },
      }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('is open to administrators and Users alike', async () => {
    expect(await inbox(editor)).toEqual(await inbox(admin));
  });
});

describe('PATCH /api/messages/:id/read', () => {
  it('marks a message as read and returns it', async () => {
    expect((await send({ ...valid, subject: 'Mark me' })).statusCode).toBe(201);
    const before = await inbox();
    const target = before.find((m) => m.subject === 'Mark me')!;
    expect(target.isRead).toBe(false);

    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/messages/${target.id}/read`,
      headers: { cookie: editor },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...target, isRead: true });

    // Only that message changed.
    expect(await inbox()).toEqual(before.map((m) => (m.id === target.id ? { ...m, isRead: true } : m)));

    // Marking it again is harmless.
    const again = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/messages/${target.id}/read`,
      headers: { cookie: admin },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().isRead).toBe(true);
  });

  it('is 401 without a session and changes nothing', async () => {
    expect((await send({ ...valid, subject: 'Still unread' })).statusCode).toBe(201);
    const target = (await inbox()).find((m) => m.subject === 'Still unread')!;
    expectError(
      await ctx.app.inject({
        method: 'PATCH',
        url: `/api/messages/${target.id}/read`,
      }),
      401,
      'UNAUTHENTICATED',
    );
    expect((await inbox()).find((m) => m.id === target.id)!.isRead).toBe(false);
  });

  it('is 404 for a missing message and 400 for a bad id', async () => {
    expectError(
      await ctx.app.inject({
        method: 'PATCH',
        url: '/api/messages/999999/read',
        headers: { cookie: admin },
      }),
      404,
      'NOT_FOUND',
    );
    for (const id of ['abc', '0', '-3', '2.5', '2147483648']) {
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/messages/${id}/read`,
        headers: { cookie: admin },
      });
      expectError(res, 400, 'BAD_REQUEST', 'Invalid id');
    }
  });
});

describe('DELETE /api/messages/:id', () => {
  it('removes the message (and only it); a second delete is 404', async () => {
    expect((await send({ ...valid, subject: 'Delete me' })).statusCode).toBe(201);
    const before = await inbox();
    const target = before.find((m) => m.subject === 'Delete me')!;

    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/messages/${target.id}`,
      headers: { cookie: editor },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });

    expect(await inbox()).toEqual(before.filter((m) => m.id !== target.id));

    expectError(
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/messages/${target.id}`,
        headers: { cookie: admin },
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await ctx.app.inject({
        method: 'PATCH',
        url: `/api/messages/${target.id}/read`,
        headers: { cookie: admin },
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('is 401 without a session and keeps the message', async () => {
    expect((await send({ ...valid, subject: 'Keep me' })).statusCode).toBe(201);
    const target = (await inbox()).find((m) => m.subject === 'Keep me')!;
    expectError(
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/messages/${target.id}`,
      }),
      401,
      'UNAUTHENTICATED',
    );
    expect((await inbox()).map((m) => m.id)).toContain(target.id);
  });

  it('is 404 for a missing message and 400 for a bad id', async () => {
    expectError(
      await ctx.app.inject({
        method: 'DELETE',
        url: '/api/messages/999999',
        headers: { cookie: admin },
      }),
      404,
      'NOT_FOUND',
    );
    for (const id of ['abc', '0', '-3', '2.5']) {
      const res = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/messages/${id}`,
        headers: { cookie: admin },
      });
      expectError(res, 400, 'BAD_REQUEST', 'Invalid id');
    }
  });
});
