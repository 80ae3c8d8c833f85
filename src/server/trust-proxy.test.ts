// TRUST_PROXY: the address the limits count is the one the trusted proxy saw; what a client writes
// into X-Forwarded-For itself changes nothing.
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../tests/setup/test-app';
import { ConfigError, loadConfig } from './config';

describe('TRUST_PROXY setting', () => {
  it('takes false, a number of proxies, or proxy addresses and CIDRs', () => {
    for (const off of ['false', '', '0']) expect(loadConfig({ TRUST_PROXY: off }).trustProxy).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toEqual(['loopback', 'uniquelocal']);
  });

  it('refuses true at start, saying what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: "true" trusts every hop.*number of proxies in front of the app \(e\.g\. 1\) or their addresses/,
    );
  });

  it('refuses what is not an address', () => {
    for (const bad of ['proxy.internal', '10.0.0.0/33', '::1/129', '10.0.0.1/8/8', '1.2.3', 'yes', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: .* is not a proxy address/);
    }
  });
});

const REAL_CLIENT = '203.0.113.7';

/** A sign-in with a wrong password from `remoteAddress`, with X-Forwarded-For if given. */
const wrongLogin = (remoteAddress: string, forwardedFor?: string): InjectOptions => ({
  method: 'POST',
  url: '/api/admin/login',
  payload: { username: 'victim', password: 'wrong' },
  remoteAddress,
  ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
});

describe('the address the limits count', () => {
  let byAddress: TestContext;
  let byHops: TestContext;
  let byTwoHops: TestContext;
  let untrusting: TestContext;

  beforeAll(async () => {
    const limits = { loginMaxFailures: 2, contactMaxPerHour: 2 };
    [byAddress, byHops, byTwoHops, untrusting] = await Promise.all([
      createTestApp({ ...limits, trustProxy: ['127.0.0.1', '10.0.0.0/8'] }),
      createTestApp({ ...limits, trustProxy: 1 }),
      createTestApp({ ...limits, trustProxy: 2 }),
      createTestApp({ ...limits, trustProxy: false }),
    ]);
    await Promise.all(
      [byAddress, byHops, byTwoHops, untrusting].map((t) => createUser(t.database, 'victim', 'victim-pass', false)),
    );
  });

  it('behind a trusted proxy address: the address the proxy appended, whatever the client wrote first', async () => {
    // The proxy (10.0.0.5) appends the address it saw; the client forges a new first entry every time.
    expect((await byAddress.app.inject(wrongLogin('10.0.0.5', `1.1.1.1, ${REAL_CLIENT}`))).statusCode).toBe(401);
    expect((await byAddress.app.inject(wrongLogin('10.0.0.5', `2.2.2.2, ${REAL_CLIENT}`))).statusCode).toBe(401);
    expect((await byAddress.app.inject(wrongLogin('10.0.0.5', `3.3.3.3, ${REAL_CLIENT}`))).statusCode).toBe(429);
    // Even with no forged entry, through another trusted proxy: the same visitor, still refused.
    expect((await byAddress.app.inject(wrongLogin('127.0.0.1', REAL_CLIENT))).statusCode).toBe(429);
    // Another visitor behind the same proxy is counted apart.
    expect((await byAddress.app.inject(wrongLogin('10.0.0.5', '203.0.113.8'))).statusCode).toBe(401);
  });

  it('from an address that is not a trusted proxy: X-Forwarded-For is ignored', async () => {
    // The blocked visitor's address written by a direct client neither blocks nor frees it.
    expect((await byAddress.app.inject(wrongLogin('10.0.0.5', REAL_CLIENT))).statusCode).toBe(429);
    expect((await byAddress.app.inject(wrongLogin('198.51.100.9', REAL_CLIENT))).statusCode).toBe(401);
    expect((await byAddress.app.inject(wrongLogin('198.51.100.9', '4.4.4.4'))).statusCode).toBe(401);
    expect((await byAddress.app.inject(wrongLogin('198.51.100.9', '5.5.5.5'))).statusCode).toBe(429);
  });

  it('with a hop count of 1: the last entry, the one the proxy appended', async () => {
    expect((await byHops.app.inject(wrongLogin('127.0.0.1', `1.1.1.1, ${REAL_CLIENT}`))).statusCode).toBe(401);
    expect((await byHops.app.inject(wrongLogin('127.0.0.1', `6.6.6.6, ${REAL_CLIENT}`))).statusCode).toBe(401);
    expect((await byHops.app.inject(wrongLogin('127.0.0.1', `7.7.7.7, 8.8.8.8, ${REAL_CLIENT}`))).statusCode).toBe(429);
    expect((await byHops.app.inject(wrongLogin('127.0.0.1', '203.0.113.8'))).statusCode).toBe(401);
  });

  it('with a hop count of 2: the entry the outer proxy appended', async () => {
    // client → outer proxy (appends REAL_CLIENT) → inner proxy 10.0.0.2 (appends itself) → app.
    for (const [forged, status] of [
      ['1.1.1.1', 401],
      ['9.9.9.9', 401],
      ['3.3.3.3', 429],
    ] as const) {
      const res = await byTwoHops.app.inject(wrongLogin('10.0.0.3', `${forged}, ${REAL_CLIENT}, 10.0.0.2`));
      expect(res.statusCode, forged).toBe(status);
    }
  });

  it('without TRUST_PROXY: always the connection address', async () => {
    expect((await untrusting.app.inject(wrongLogin('192.0.2.50', '1.1.1.1'))).statusCode).toBe(401);
    expect((await untrusting.app.inject(wrongLogin('192.0.2.50', '2.2.2.2'))).statusCode).toBe(401);
    expect((await untrusting.app.inject(wrongLogin('192.0.2.50'))).statusCode).toBe(429);
  });

  it('counts contact-form messages by the same address', async () => {
    const send = (forged: string) =>
      byAddress.app.inject({
        method: 'POST',
        url: '/api/messages',
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': `${forged}, 203.0.113.20` },
        payload: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          subject: 'Hello',
          message: 'A message through the proxy.',
        },
      });
    expect((await send('1.1.1.1')).statusCode).toBe(201);
    expect((await send('2.2.2.2')).statusCode).toBe(201);
    const third = await send('3.3.3.3');
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe('Too many messages from your address. Please try again later.');
  });
});

describe('over a real connection', () => {
  it('uses the address the trusted local proxy appended', async () => {
    const t = await createTestApp({ loginMaxFailures: 1, trustProxy: ['127.0.0.1', '::1'] });
    await createUser(t.database, 'victim', 'victim-pass', false);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const post = (forwardedFor: string) =>
      fetch(`${address}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor, origin: address },
        body: JSON.stringify({ username: 'victim', password: 'wrong' }),
      });
    expect((await post(`1.1.1.1, ${REAL_CLIENT}`)).status).toBe(401);
    expect((await post(`2.2.2.2, ${REAL_CLIENT}`)).status).toBe(429);
    expect((await post('203.0.113.99')).status).toBe(401);
  });
});
