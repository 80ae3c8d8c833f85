import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { WorkerLoop } from './worker-loop';

const log = pino({ level: 'silent' });
const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

describe('WorkerLoop', () => {
  it('runs at start, once more when kicked during a run, and never two runs at a time', async () => {
    let runs = 0;
    let active = 0;
    let overlap = false;
    let release: () => void = () => {};
    const loop = new WorkerLoop({
      name: 'test',
      failure: 'failed',
      log,
      now: () => new Date(),
      pollMs: 60_000,
      run: async () => {
        runs++;
        active++;
        if (active > 1) overlap = true;
        await new Promise<void>((resolve) => (release = resolve));
        active--;
      },
    });
    loop.start();
    await tick();
    expect(runs).toBe(1);
    loop.kick();
    loop.kick();
    release();
    await tick();
    expect(runs).toBe(2);
    release();
    await loop.settled();
    expect(runs).toBe(2);
    expect(overlap).toBe(false);
    await loop.stop();
  });

  it('wakes when the next piece of work falls due, not only at the poll', async () => {
    const started = Date.now();
    const times: number[] = [];
    const loop = new WorkerLoop({
      name: 'test',
      failure: 'failed',
      log,
      now: () => new Date(),
      pollMs: 60_000,
      run: async () => {
        times.push(Date.now() - started);
      },
      nextDue: async () => (times.length < 2 ? new Date(Date.now() + 30) : null),
    });
    loop.start();
    await tick(200);
    await loop.stop();
    expect(times.length).toBe(2);
  });

  it('logs a failed run and carries on; stop waits for the run under way', async () => {
    const lines: string[] = [];
    const logged = pino({ level: 'error' }, { write: (line: string) => lines.push(line) });
    let finished = false;
    let calls = 0;
    const loop = new WorkerLoop({
      name: 'test',
      failure: 'could not read the queue',
      log: logged,
      now: () => new Date(),
      pollMs: 60_000,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('database away');
        await tick(50);
        finished = true;
      },
    });
    loop.start();
    await tick();
    expect(lines.join('')).toContain('test: could not read the queue');
    loop.kick();
    await loop.stop();
    expect(finished).toBe(true);
    loop.kick();
    await tick();
    expect(calls).toBe(2);
  });
});
