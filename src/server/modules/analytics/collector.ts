// The batch writer of visitor analytics (issue 27): events are taken in at once (a request never
// waits for the database) and written in one multi-row insert about every second, or as soon as
// BATCH_SIZE are waiting, and at shutdown. Each instance writes its own batches into the shared
// tables. The same tick deletes the daily salts past their 48 hours.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { BrowserEvent } from '../../../shared/analytics';
import type { SiteLocale } from '../../../shared/locales';
import type { Config } from '../../config';
import { WorkerLoop } from '../../lib/worker-loop';
import type { Auth } from '../../plugins/auth';
import type { AnalyticsEventsRepo, NewAnalyticsEvent } from './events.repo';
import { DailySalts, utcDay } from './salts';
import { browserEvent, declinesCounting, visitorHash, type CountedEvent } from './visitor';

export const FLUSH_EVERY_MS = 1_000;
export const BATCH_SIZE = 200;
/** Events held while the database is away, at most: past this they are dropped (counting is best effort). */
export const MAX_WAITING = 10_000;

/** An event taken in, not yet written: the address and User-Agent live in memory until hashed at the write. */
interface Waiting {
  at: Date;
  day: string;
  address: string;
  userAgent: string;
  event: CountedEvent;
  /** A server event in the site's default language (its locale was null): written with that language's code. */
  inDefault?: boolean;
}

/** The server's own events: a sign-up, its confirmation, a contact or press-copy message. */
export interface ServerEvent {
  name: 'signup' | 'confirm' | 'message';
  /** The list key ('studio', 'app:3') or the message kind ('contact', 'press'). */
  target: string;
  appId?: number | null;
  /** The visitor's language; null: the site's default (a sign-up's), undefined: unknown (a message's). */
  locale?: string | null;
}

export interface CollectorOptions {
  repo: AnalyticsEventsRepo;
  auth: Auth;
  config: Config;
  /** The site's languages: an event's locale is kept only when it is one of them. */
  locales: () => Promise<SiteLocale[]>;
  log: FastifyBaseLogger;
  now: () => Date;
}

export class AnalyticsCollector {
  readonly salts: DailySalts;
  #waiting: Waiting[] = [];
  /** Staff session checks under way (an event from a request with a session cookie waits for its answer). */
  #checks = new Set<Promise<void>>();
  #writing: Promise<void> = Promise.resolve();
  readonly #loop: WorkerLoop;
  /** The day the expired salts were last removed. */
  #tidied = '';
  #siteHost: string;

  constructor(private readonly options: CollectorOptions) {
    this.salts = new DailySalts(options.repo);
    this.#siteHost = new URL(options.config.siteUrl).hostname.toLowerCase();
    this.#loop = new WorkerLoop({
      name: 'analytics',
      failure: 'could not write counted events',
      log: options.log,
      now: options.now,
      pollMs: FLUSH_EVERY_MS,
      run: () => this.tick(),
    });
  }

  start(): void {
    this.#loop.start();
  }

  /** Stops the loop and writes what is waiting. */
  async stop(): Promise<void> {
    await this.#loop.stop();
    await this.flush();
  }

  /** The browser's events of one request (POST /api/events); returns at once. */
  countBrowser(request: FastifyRequest, events: BrowserEvent[]): void {
    const userAgent = request.headers['user-agent'] ?? '';
    const ownHosts = [this.#siteHost, request.hostname.toLowerCase()];
    const counted = events.flatMap((e) => browserEvent(e, userAgent, ownHosts) ?? []);
    this.#admit(request, counted);
  }

  /** One of the server's events, from the request that made it happen; returns at once. */
  countServer(request: FastifyRequest, { name, target, appId = null, locale }: ServerEvent): void {
    this.#admit(request, [{ name, target, appId, locale: locale ?? '', path: '' }], locale === null);
  }

  /** Writes what is waiting (after the staff checks under way); one write at a time. */
  async flush(): Promise<void> {
    await Promise.all(this.#checks);
    const write = this.#writing.then(() => this.#write(this.#waiting.splice(0)));
    this.#writing = write;
    await write;
  }

  /** The loop's work: write what is waiting; once a day, remove the salts past their 48 hours. */
  async tick(): Promise<void> {
    await this.flush();
    const today = utcDay(this.options.now());
    if (today === this.#tidied) return;
    try {
      const removed = await this.salts.removeExpired(this.options.now());
      this.#tidied = today;
      if (removed) this.options.log.info({ removed }, 'analytics: expired visitor salts removed');
    } catch (err) {
      this.options.log.warn({ err }, 'analytics: expired visitor salts could not be removed; trying again');
    }
  }

  /** Takes events in unless the request is not counted (a bot, DNT or GPC, signed-in staff). */
  #admit(request: FastifyRequest, events: CountedEvent[], inDefault = false): void {
    if (events.length === 0 || declinesCounting(request.headers)) return;
    const at = this.options.now();
    const address = request.ip;
    const userAgent = request.headers['user-agent'] ?? '';
    const waiting = events.map((event) => ({ at, day: utcDay(at), address, userAgent, event, inDefault }));
    const { auth } = this.options;
    // Only a request with a session cookie waits for the database, and not in the request.
    if (!request.cookies?.[auth.cookieName]) return this.#enqueue(waiting);
    const check: Promise<void> = auth
      .loadUser(request)
      .then(
        () => {
          if (!request.user) this.#enqueue(waiting);
        },
        (err: unknown) => this.options.log.warn({ err }, 'analytics: session not checked; events dropped'),
      )
      .finally(() => this.#checks.delete(check));
    this.#checks.add(check);
  }

  #enqueue(waiting: Waiting[]): void {
    const room = MAX_WAITING - this.#waiting.length;
    if (room < waiting.length) this.options.log.warn('analytics: too many events waiting; some dropped');
    this.#waiting.push(...waiting.slice(0, Math.max(0, room)));
    if (this.#waiting.length >= BATCH_SIZE) this.#loop.kick();
  }

  /** Hashes each visitor with their day's salt, keeps only known apps and languages, and inserts. */
  async #write(batch: Waiting[]): Promise<void> {
    if (batch.length === 0) return;
    const { repo, log, locales } = this.options;
    try {
      const days = [...new Set(batch.map((w) => w.day))];
      const salts = new Map(await Promise.all(days.map(async (day) => [day, await this.salts.forDay(day)] as const)));
      const appIds = [...new Set(batch.flatMap((w) => w.event.appId ?? []))];
      const [apps, languages] = await Promise.all([repo.existingApps(appIds), locales()]);
      const codes = new Set(languages.map((l) => l.code));
      const defaultCode = languages.find((l) => l.isDefault)?.code ?? '';
      const rows: NewAnalyticsEvent[] = batch.map(({ at, day, address, userAgent, event, inDefault }) => ({
        ...event,
        at,
        day,
        visitor: visitorHash(salts.get(day)!, address, userAgent),
        appId: event.appId != null && apps.has(event.appId) ? event.appId : null,
        locale: inDefault ? defaultCode : event.locale && codes.has(event.locale) ? event.locale : '',
      }));
      await repo.insert(rows);
    } catch (err) {
      // Counting is best effort: a batch the database refuses is dropped, never retried forever.
      log.warn({ err: { message: (err as Error).message }, events: batch.length }, 'analytics: events not written');
    }
  }
}
