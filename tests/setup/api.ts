// Small assertions shared by the API tests: a reply's status and body, and the one error shape.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { MediaItem } from '../../src/shared/schemas/media';
import type { AppInstance } from '../../src/server/types';
import { multipart } from './multipart';

export interface ErrorBody {
  message: string;
  code: string;
  issues?: { path: string; message: string }[];
  current?: unknown;
}

/** The reply is the error shape with this status and code (and message, when given). */
export function expectError(res: LightMyRequestResponse, status: number, code: string, message?: string): ErrorBody {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as ErrorBody;
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
}

/** A 422 whose issues name `path` with `message` (any message when not given). */
export function expectInvalid(res: LightMyRequestResponse, path: string, message?: string): ErrorBody {
  const body = expectError(res, 422, 'VALIDATION_FAILED');
  const issue = body.issues?.find((i) => i.path === path);
  expect(issue, `no issue on ${path}: ${res.body}`).toBeDefined();
  if (message !== undefined) expect(issue!.message).toBe(message);
  return body;
}

/** The reply has this status (200 by default); its JSON body. */
export async function ok<T>(res: LightMyRequestResponse | Promise<LightMyRequestResponse>, status = 200): Promise<T> {
  const reply = await res;
  expect(reply.statusCode, reply.body).toBe(status);
  return reply.json() as T;
}

/** Keys anywhere in a JSON value. */
export function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}

/** A reply of the account endpoints: no password hash anywhere, and no JSON key matching `secretKey`. */
export function expectNoSecrets(res: LightMyRequestResponse, secretKey: RegExp): void {
  expect(res.body).not.toContain('$argon2');
  expect(JSON.stringify(res.headers)).not.toContain('$argon2');
  if (res.body && String(res.headers['content-type']).startsWith('application/json')) {
    expect(keysOf(res.json()).filter((k) => secretKey.test(k))).toEqual([]);
  }
}

/** A 422 with exactly one issue, on `path`, whose message is the reply's message too. */
export function expectSingleIssue(res: LightMyRequestResponse, path: string, message: string): void {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED', issues: [{ path, message }] });
}

/** Ids a route must answer 400 for (never 500): not a number, not positive, not whole, past int4. */
export const BAD_IDS = ['abc', '0', '-1', '1.5', '99999999999'];

/** The 400 a route gives for an id that is not a whole number in range (path `id` unless told). */
export function expectInvalidId(res: LightMyRequestResponse, path = 'id'): void {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    message: 'Invalid id',
    code: 'BAD_REQUEST',
    issues: [{ path, message: 'Invalid id' }],
  });
}

/** A 401 UNAUTHENTICATED. */
export function expectUnauthenticated(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
}

/** A full ISO 8601 UTC timestamp, as the API writes every date. */
export function expectIsoTimestamp(value: unknown): void {
  expect(typeof value).toBe('string');
  expect(new Date(value as string).toISOString()).toBe(value);
}

/**
 * A test file's two request helpers over its app: `get(url, cookie)` (anonymous unless told) and
 * `send(method, url, payload?, cookie)` (as `sendAs()` unless told); a null cookie sends no Cookie
 * header. The app and the session are read at each call, as the file sets them in beforeAll.
 */
export function requests(app: () => AppInstance, sendAs: () => string | null) {
  const get = (url: string, cookie: string | null = null) =>
    app().inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const send = (
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    cookie: string | null = sendAs(),
  ) =>
    app().inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return { get, send };
}

/** One file uploaded to the media library as `cookie` (a 201 expected); the item it made. */
export async function uploadMedia(
  app: AppInstance,
  cookie: string,
  filename: string,
  data: Buffer,
): Promise<MediaItem> {
  const { payload, headers } = multipart([{ name: 'file', filename, data }]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/media',
    headers: { ...headers, cookie },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as MediaItem[])[0]!;
}
