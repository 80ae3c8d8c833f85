// What the bench scripts share: free ports, waiting for a server, wrk runs and their figures,
// stopping the processes they started.
import { execFile, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { promisify } from 'node:util';

export const DURATION_S = Math.max(1, Math.round(Number(process.env.BENCH_SECONDS ?? 8)));
export const CONNECTIONS = Math.max(2, Number(process.env.BENCH_CONNECTIONS ?? 32));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export async function waitFor(url: string, child?: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`process exited with ${child.exitCode ?? child.signalCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

export interface Result {
  name: string;
  rps: number;
  p99: number;
  errors: number;
}

export const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Requests/sec, the 99% line of --latency (in ms) and errors (non-2xx/3xx plus socket errors). */
export function parseWrk(out: string): Omit<Result, 'name'> {
  const rps = /^Requests\/sec:\s*([\d.]+)/m.exec(out);
  const p99 = /^\s*99(?:\.0+)?%\s+([\d.]+)(us|ms|s|m|h)\s*$/m.exec(out);
  if (!rps || !p99) throw new Error(`unexpected wrk output:\n${out}`);
  const non2xx = /Non-2xx or 3xx responses:\s*(\d+)/.exec(out);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = socket ? socket.slice(1, 5).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    rps: Math.round(Number(rps[1])),
    p99: Math.round(Number(p99[1]) * UNIT_MS[p99[2]!]! * 100) / 100,
    errors: (non2xx ? Number(non2xx[1]) : 0) + socketErrors,
  };
}

const execFileAsync = promisify(execFile);

export async function wrk(
  url: string,
  seconds: number,
  headers: string[],
  { connections = CONNECTIONS, script }: { connections?: number; script?: string } = {},
): Promise<string> {
  const args = ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency'];
  if (script) args.push('-s', script);
  for (const h of headers) args.push('-H', h);
  const { stdout } = await execFileAsync('wrk', [...args, url], { timeout: (seconds + 30) * 1000 });
  return stdout;
}

export async function measure(
  name: string,
  url: string,
  headers: string[] = [],
  options: Parameters<typeof wrk>[3] = {},
): Promise<Result> {
  // A short warm-up fills caches and JIT, then the measured run.
  await wrk(url, 1, headers, options);
  return { name, ...parseWrk(await wrk(url, DURATION_S, headers, options)) };
}

/** Asks a child we started to stop, by its PID, and waits for it (SIGKILL after 5 s). */
export async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
