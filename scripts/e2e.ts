// The end-to-end suite, in shards run at once (E2E_SHARDS, 2 by default): each shard is its own
// Playwright run with its own production server, embedded database and mail sink on ports of its own
// (playwright.config.ts derives them all from E2E_PORT), so no shard sees another's changes. A test
// file runs whole in one shard, in order, as it would alone. Each line is prefixed with its shard;
// the exit code is the first failing shard's. Arguments (files, -g, --headed …) go to one plain run.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

const BASE_PORT = Number(process.env.E2E_PORT ?? 4173);
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
const args = process.argv.slice(2);
const children = new Set<ChildProcess>();

function run(extra: string[], env: NodeJS.ProcessEnv, prefix: string): Promise<number> {
  const child = spawn('npx', ['playwright', 'test', ...extra], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on('line', (line) => console.log(`${prefix}${line}`));
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    }),
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(1);
  });

const codes =
  args.length > 0 || shards === 1
    ? [await run(args, {}, '')]
    : await Promise.all(
        Array.from({ length: shards }, (_, i) =>
          run([`--shard=${i + 1}/${shards}`], { E2E_PORT: String(BASE_PORT + i) }, `[${i + 1}/${shards}] `),
        ),
      );
process.exit(codes.find((code) => code !== 0) ?? 0);
