// Small assertions shared by the API tests: a reply's status and body, and the one error shape.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

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
