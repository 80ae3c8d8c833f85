// The one clock of the tests: the app reads the time only through it (buildApp's `now`), so a test
// states the exact instant it expects instead of wall time plus slack.

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

/**
 * A clock standing still at `at` until the test moves it. By default at the whole second it was
 * made: a few columns are still stamped by the database's own clock (defaultNow), which must not be
 * months away from the app's.
 */
export const fixedClock = (at: Date = new Date(Math.floor(Date.now() / 1000) * 1000)) => new TestClock(at);
