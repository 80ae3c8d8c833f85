// The one clock of the tests: the app reads the time only through it (buildApp's `now`), so a test
// states the exact instant it expects instead of wall time plus slack.

/** An instant no test depends on the wall clock for: a Monday morning (UTC). */
export const FIXED_NOW = new Date('2026-03-02T09:00:00.000Z');

export class TestClock {
  /** How far the clock has been moved from where it started. */
  offsetMs = 0;

  /** Fixed at `start` when given; without it, the wall clock (files not yet on a fixed clock). */
  constructor(readonly start?: Date) {}

  /** The app's `now`: the same instant on every call until the test moves the clock. */
  now = (): Date => new Date((this.start?.getTime() ?? Date.now()) + this.offsetMs);

  /** Moves the clock `ms` on (back when negative). */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Puts the clock at `at`. */
  set(at: Date): void {
    this.offsetMs = at.getTime() - (this.start?.getTime() ?? Date.now());
  }
}

/** A clock standing still at `at` (FIXED_NOW by default) until the test moves it. */
export const fixedClock = (at: Date = FIXED_NOW) => new TestClock(at);
