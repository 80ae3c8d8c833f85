// Stalled connections are closed and the connection cap recovers (issue 8 #10): a real listening
// server, raw sockets that send part of a request and stop. Short timeouts from the config.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../tests/setup/test-app';
import { loadConfig } from './config';

const LIMITS = {
  headersTimeoutMs: 300,
  requestTimeoutMs: 600,
  socketTimeoutMs: 1_000,
  keepAliveTimeoutMs: 300,
  maxConnections: 4,
};
// Node checks the header and request deadlines every headersTimeout / 4 (see app.ts), plus slack
// for a loaded machine.
const SLACK_MS = 700;

let ctx: TestContext;
let port: number;
const sockets: net.Socket[] = [];

beforeAll(async () => {
  ctx = await createTestApp(LIMITS);
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as net.AddressInfo).port;
});

afterAll(() => {
  for (const socket of sockets) socket.destroy();
});

/** A connected socket and when it closed (ms after connecting), plus whatever the server wrote. */
async function connect(): Promise<{ socket: net.Socket; closed: Promise<number>; received: () => string }> {
  const socket = net.connect(port, '127.0.0.1');
  sockets.push(socket);
  let data = '';
  socket.on('data', (chunk) => (data += chunk));
  socket.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const start = Date.now();
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - start)));
  return { socket, closed, received: () => data };
}

/** One request on a new connection: the status, or undefined when the connection was dropped. */
async function get(path: string): Promise<number | undefined> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { connection: 'close' } });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return undefined;
  }
}

describe('stalled connections', () => {
  it('half a request line and headers: closed once the headers timeout passes', async () => {
    const { socket, closed, received } = await connect();
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const after = await closed;
    expect(after).toBeGreaterThanOrEqual(LIMITS.headersTimeoutMs - 50);
    expect(after).toBeLessThan(LIMITS.headersTimeoutMs + SLACK_MS);
    expect(received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('headers a byte at a time (never idle long enough for the socket timeout): closed all the same', async () => {
    const { socket, closed } = await connect();
    const text = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ' + 'x'.repeat(1000);
    let i = 0;
    const drip = setInterval(() => {
      if (!socket.destroyed) socket.write(text[i++ % text.length]!);
    }, 50);
    const after = await closed;
    clearInterval(drip);
    expect(after).toBeLessThan(LIMITS.headersTimeoutMs + SLACK_MS);
  });

  it('full headers and half the body: closed once the request timeout passes', async () => {
    const { socket, closed, received } = await connect();
    const body = JSON.stringify({ username: 'admin', password: 'a-password-that-never-ends' });
    socket.write(
      'POST /api/admin/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    const after = await closed;
    expect(after).toBeGreaterThanOrEqual(LIMITS.requestTimeoutMs - 50);
    expect(after).toBeLessThan(LIMITS.requestTimeoutMs + SLACK_MS);
    expect(received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a connection that sends nothing is closed too', async () => {
    const { closed } = await connect();
    expect(await closed).toBeLessThan(LIMITS.socketTimeoutMs + SLACK_MS);
  });

  it('an idle keep-alive connection is closed after the keep-alive timeout', async () => {
    const { socket, closed, received } = await connect();
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const after = await closed;
    expect(received()).toMatch(/^HTTP\/1\.1 200 /);
    // Node keeps the socket up to a second longer than it announces (keepAliveTimeoutBuffer), so that
    // clients that trust the Keep-Alive header never reuse a socket the server is closing.
    expect(after).toBeLessThan(LIMITS.keepAliveTimeoutMs + 1_000 + SLACK_MS);
  });
});

describe('the connection cap', () => {
  it('drops connections past the cap while stalled ones hold it, and serves again once they are closed', async () => {
    expect(await get('/healthz')).toBe(200);

    const stalled = await Promise.all(Array.from({ length: LIMITS.maxConnections }, () => connect()));
    for (const { socket } of stalled) socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // Every slot is taken: a new connection is accepted by the kernel, then closed by the server.
    expect(await get('/healthz')).toBeUndefined();

    await Promise.all(stalled.map(({ closed }) => closed));
    expect(await get('/healthz')).toBe(200);
  });
});

describe('defaults', () => {
  it('are finite and consistent', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      socketTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 1_000,
    });
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_MS: '30000' })).toThrow(
      /HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS/,
    );
  });
});
