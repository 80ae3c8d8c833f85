// A real S3-compatible server for the tests (s3rver, objects in a temporary directory) on 127.0.0.1
// and a port of its own, stopped after the file; optionally behind a proxy that holds every request
// a while (a slow store, so a move can be caught half-way).
import { createHash, createHmac } from 'node:crypto';
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

const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Whether a presigned GET address carries the signature S3 computes for it with this secret
 * (Signature V4, query form, as AWS documents it), and until when it is valid. s3rver checks only
 * the access key of such an address, so the tests check the signature here, written independently
 * of the SDK that made it.
 */
export function checkPresigned(address: string, secret: string): { valid: boolean; expires: Date } {
  const url = new URL(address);
  const q = url.searchParams;
  const [amzDate, credential] = [q.get('X-Amz-Date')!, q.get('X-Amz-Credential')!];
  const [, day, region, service] = credential.split('/');
  const query = [...q.entries()]
    .filter(([key]) => key !== 'X-Amz-Signature')
    .map(([key, value]) => `${rfc3986(key)}=${rfc3986(value)}`)
    .sort()
    .join('&');
  const canonical = ['GET', url.pathname, query, `host:${url.host}`, '', 'host', 'UNSIGNED-PAYLOAD'].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  const key = [day!, region!, service!, 'aws4_request'].reduce<Buffer | string>(
    (k, part) => hmac(k, part),
    `AWS4${secret}`,
  );
  const signed = new Date(
    `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
  );
  return {
    valid: createHmac('sha256', key).update(toSign).digest('hex') === q.get('X-Amz-Signature'),
    expires: new Date(signed.getTime() + Number(q.get('X-Amz-Expires')) * 1000),
  };
}
