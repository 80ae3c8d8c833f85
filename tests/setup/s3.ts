// A real S3-compatible server for the tests (s3rver, objects in a temporary directory) on 127.0.0.1
// and a port of its own, stopped after the file; optionally behind a proxy that holds every request
// a while (a slow store, so a move can be caught half-way).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { afterAll } from 'vitest';
import type { S3Settings } from '../../src/server/config';
import { tempDir } from './servers';

export const S3_BUCKET = 'studio-media';
/** s3rver knows this access key (it checks the key, not the secret). */
export const S3_ACCESS_KEY = 'S3RVER';

export interface TestS3 {
  /** http://127.0.0.1:port (behind the slow proxy when asked for). */
  endpoint: string;
  /** s3rver itself, for reading objects directly. */
  direct: string;
  settings: (overrides?: Partial<S3Settings>) => S3Settings;
  /** MEDIA_S3_URL for these settings. */
  url: (query?: string) => string;
  stop: () => Promise<void>;
}

export async function startS3({ delayMs = 0 }: { delayMs?: number } = {}): Promise<TestS3> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: tempDir('studio-s3'),
    configureBuckets: [{ name: S3_BUCKET }],
  });
  const { port } = await server.run();
  const direct = `http://127.0.0.1:${port}`;
  let proxy: http.Server | undefined;
  let endpoint = direct;
  if (delayMs > 0) {
    proxy = http.createServer((req, res) => {
      setTimeout(() => {
        const upstream = http.request(
          { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
          (reply) => {
            res.writeHead(reply.statusCode ?? 502, reply.headers);
            reply.pipe(res);
          },
        );
        upstream.on('error', () => res.destroy());
        req.pipe(upstream);
      }, delayMs);
    });
    await new Promise<void>((resolve) => proxy!.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  }
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (proxy) {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy!.close(() => resolve()));
    }
    await server.close();
  };
  afterAll(stop);
  return {
    endpoint,
    direct,
    settings: (overrides = {}) => ({
      endpoint,
      region: 'us-east-1',
      bucket: S3_BUCKET,
      pathStyle: true,
      accessKeyId: S3_ACCESS_KEY,
      secretAccessKey: 'a-secret-the-api-never-shows',
      keyPrefix: '',
      publicBaseUrl: '',
      serveMode: 'proxy',
      ...overrides,
    }),
    url: (query = '') =>
      `s3+http://${S3_ACCESS_KEY}:a-secret-the-api-never-shows@${endpoint.replace('http://', '')}/${S3_BUCKET}${query}`,
    stop,
  };
}

/** The object at `key` as s3rver holds it (null: none). */
export async function objectAt(s3: TestS3, key: string): Promise<Buffer | null> {
  const res = await fetch(`${s3.direct}/${S3_BUCKET}/${key}`);
  return res.status === 200 ? Buffer.from(await res.arrayBuffer()) : null;
}
