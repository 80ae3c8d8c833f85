// The one clock of the tests: the app reads the time only through it (buildApp's `now`), so a test
// states the exact instant it expects instead of wall time plus slack. It stands still until the
// test moves it; work the app schedules by its clock (a retry, a scheduled post) falls due only then.

/**
 * The whole second it is now: a few columns are still stamped by the database's own clock
 * (defaultNow), which must not be months away from the app's.
 */
const thisSecond = () => new Date(Math.floor(Date.now() / 1000) * 1000);

export class TestClock {
  /** How far the clock has been moved from where it started. */
  offsetMs = 0;

  /** Standing at `start` (by default the second it was made) until moved. */
  constructor(readonly start: Date = thisSecond()) {}

  /** The app's `now`: the same instant on every call until the test moves the clock. */
  now = (): Date => new Date(this.start.getTime() + this.offsetMs);

  /** Moves the clock `ms` on (back when negative). */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Puts the clock at `at`. */
  set(at: Date): void {
    this.offsetMs = at.getTime() - this.start.getTime();
  }
}

/** A clock standing still at `at` (by default the whole second it was made) until the test moves it. */
export const fixedClock = (at?: Date) => new TestClock(at);
