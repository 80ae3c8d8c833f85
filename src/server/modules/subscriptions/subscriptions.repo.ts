// The mailing lists' subscribers (issue 26): sign-ups with a consent record each (kept for proof,
// also after unsubscribing), the double opt-in link (only its SHA-256 is kept; it works once and
// expires), a subscriber's one-click unsubscribe and preferences by their own token, and the admin's
// counts, search, removal (a hashed suppression entry stays), export and import.
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, exists, gt, ilike, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { ListKey, SubscriptionStatus } from '../../../shared/schemas/lists';
import type {
  ConsentRecord,
  ListCounts,
  SubscriberDetail,
  SubscriberPreferences,
  SubscriberRow,
  SubscriptionConfirmation,
} from '../../../shared/schemas/subscriptions';
import type { Db } from '../../db/client';
import { newestOrder, pageByKey, type NewestFirst } from '../../db/newest-first';
import { apps, subscribers, subscriptionConsents, subscriptions, suppressions } from '../../db/schema';
import { iso } from '../../lib/rows';
import type { NotificationsRepo } from '../notifications/notifications.repo';

/** The address as it is kept and compared: trimmed, lower-cased. */
export const normalEmail = (email: string) => email.trim().toLowerCase();
/** A suppression entry's key: the SHA-256 of the normal address (the address itself is not kept). */
export const emailHash = (email: string) => createHash('sha256').update(normalEmail(email)).digest('hex');
/** Only a hash of a confirmation link's secret is stored. */
export const hashSubscriptionToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** 32 random bytes, base64url: a confirmation link's secret. */
export const newToken = () => randomBytes(32).toString('base64url');
/**
 * 32 random bytes, hex: a subscriber's own token, the last segment of /unsubscribe/{token} (lower
 * case, as every page address of the site is: ssr/page-paths.ts).
 */
export const newSubscriberToken = () => randomBytes(32).toString('hex');

export interface SignUp {
  email: string;
  list: ListKey;
  appId: number | null;
  platforms: string[];
  locale: string | null;
  ip: string;
  form: string;
  page: string;
  wording: string;
  privacyVersion: string | null;
  /** Queue the confirmation email (false: mail cannot be sent, or the address had its share today). */
  mail: boolean;
}

type SubscriptionRow = typeof subscriptions.$inferSelect;

const membership = (row: SubscriptionRow, appTitle: string | null) => ({
  list: row.list,
  appTitle,
  platforms: row.platforms,
  status: row.status as SubscriptionStatus,
  confirmedAt: row.confirmedAt ? iso(row.confirmedAt) : null,
  unsubscribedAt: row.unsubscribedAt ? iso(row.unsubscribedAt) : null,
});

const toConsent = (row: typeof subscriptionConsents.$inferSelect, list: string): ConsentRecord => ({
  id: row.id,
  list,
  signedUpAt: iso(row.signedUpAt),
  signedUpIp: row.signedUpIp,
  form: row.form,
  page: row.page,
  wording: row.wording,
  privacyVersion: row.privacyVersion,
  source: row.source,
  confirmedAt: row.confirmedAt ? iso(row.confirmedAt) : null,
  confirmedIp: row.confirmedIp,
});

/** The subscribers as their screen lists them (index subscribers_newest_idx). */
export const SUBSCRIBER_LIST: NewestFirst = { table: subscribers, at: subscribers.createdAt, id: subscribers.id };

export function subscriptionsRepo(db: Db, now: () => Date, notifications: NotificationsRepo) {
  const suppressed = async (tx: Db, email: string) => {
    const [row] = await tx
      .select({ h: suppressions.emailHash })
      .from(suppressions)
      .where(eq(suppressions.emailHash, emailHash(email)));
    return Boolean(row);
  };

  /** The subscriber of an address, made when new (with its own token). */
  const subscriberFor = async (tx: Db, email: string, locale: string | null | undefined, at: Date) => {
    const address = normalEmail(email);
    const [made] = await tx
      .insert(subscribers)
      .values({ email: address, locale: locale ?? null, token: newSubscriberToken(), createdAt: at, updatedAt: at })
      .onConflictDoNothing({ target: subscribers.email })
      .returning();
    if (made) return made;
    const [found] = await tx.select().from(subscribers).where(eq(subscribers.email, address));
    if (locale !== undefined && found!.locale !== locale) {
      await tx.update(subscribers).set({ locale, updatedAt: at }).where(eq(subscribers.id, found!.id));
    }
    return found!;
  };

  /** The subscription of a subscriber to a list, made (pending) when new. */
  const subscriptionFor = async (
    tx: Db,
    subscriberId: number,
    list: string,
    appId: number | null,
    platforms: string[],
    at: Date,
  ) => {
    const [made] = await tx
      .insert(subscriptions)
      .values({ subscriberId, list, appId, platforms, status: 'pending', createdAt: at, updatedAt: at })
      .onConflictDoNothing({ target: [subscriptions.subscriberId, subscriptions.list] })
      .returning();
    if (made) return made;
    const [found] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.subscriberId, subscriberId), eq(subscriptions.list, list)))
      .for('update');
    return found!;
  };

  const listTitles = async (keys: string[]): Promise<Map<string, string>> => {
    const ids = keys.flatMap((k) => (k.startsWith('app:') ? [Number(k.slice(4))] : []));
    if (ids.length === 0) return new Map();
    const rows = await db.select({ id: apps.id, title: apps.title }).from(apps).where(inArray(apps.id, ids));
    return new Map(rows.map((r) => [`app:${r.id}`, r.title]));
  };

  return {
    isSuppressed: (email: string) => suppressed(db, email),

    /**
     * One sign-up: the subscriber and its subscription (pending until confirmed; one unsubscribed
     * before is pending again; a confirmed one stays confirmed), a new consent record, and its
     * confirmation email queued, in one transaction. Nothing at all for a suppressed address.
     */
    async signUp(input: SignUp): Promise<'suppressed' | { consentId: number }> {
      return db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        if (await suppressed(t, input.email)) return 'suppressed' as const;
        const at = now();
        const subscriber = await subscriberFor(t, input.email, input.locale, at);
        const subscription = await subscriptionFor(t, subscriber.id, input.list, input.appId, input.platforms, at);
        if (subscription.status !== 'confirmed') {
          await t
            .update(subscriptions)
            .set({ status: 'pending', platforms: input.platforms, unsubscribedAt: null, updatedAt: at })
            .where(eq(subscriptions.id, subscription.id));
        }
        const [consent] = await t
          .insert(subscriptionConsents)
          .values({
            subscriptionId: subscription.id,
            signedUpAt: at,
            signedUpIp: input.ip,
            form: input.form,
            page: input.page,
            wording: input.wording,
            privacyVersion: input.privacyVersion,
          })
          .returning({ id: subscriptionConsents.id });
        if (input.mail) await notifications.enqueueSubscriptionConfirmation(t, consent!.id, at);
        return { consentId: consent!.id };
      });
    },

    /** What a confirmation link confirms, while it can (not used, not expired). Nothing changes. */
    async findByToken(token: string): Promise<SubscriptionConfirmation | undefined> {
      const [row] = await db
        .select({ list: subscriptions.list, locale: subscribers.locale })
        .from(subscriptionConsents)
        .innerJoin(subscriptions, eq(subscriptions.id, subscriptionConsents.subscriptionId))
        .innerJoin(subscribers, eq(subscribers.id, subscriptions.subscriberId))
        .where(
          and(
            eq(subscriptionConsents.tokenHash, hashSubscriptionToken(token)),
            isNull(subscriptionConsents.confirmedAt),
            gt(subscriptionConsents.tokenExpiresAt, now()),
          ),
        );
      if (!row) return undefined;
      const titles = await listTitles([row.list]);
      return { list: row.list, appTitle: titles.get(row.list) ?? null, locale: row.locale, confirmed: false };
    },

    /**
     * Confirms the sign-up the link names, once: the consent record gets the time and address of
     * confirmation, the subscription is confirmed (if it was not), and the link is spent. Undefined
     * when the link is unknown, used or expired.
     */
    async confirm(token: string, ip: string): Promise<SubscriptionConfirmation | undefined> {
      const found = await db.transaction(async (tx) => {
        const at = now();
        const [row] = await tx
          .select()
          .from(subscriptionConsents)
          .where(eq(subscriptionConsents.tokenHash, hashSubscriptionToken(token)))
          .for('update');
        if (!row || row.confirmedAt || !row.tokenExpiresAt || row.tokenExpiresAt.getTime() <= at.getTime()) {
          return undefined;
        }
        await tx
          .update(subscriptionConsents)
          .set({ confirmedAt: at, confirmedIp: ip, tokenHash: null })
          .where(eq(subscriptionConsents.id, row.id));
        const [sub] = await tx
          .update(subscriptions)
          .set({ status: 'confirmed', confirmedAt: at, unsubscribedAt: null, updatedAt: at })
          .where(eq(subscriptions.id, row.subscriptionId))
          .returning();
        const [who] = await tx
          .select({ locale: subscribers.locale })
          .from(subscribers)
          .where(eq(subscribers.id, sub!.subscriberId));
        return { list: sub!.list, locale: who?.locale ?? null };
      });
      if (!found) return undefined;
      const titles = await listTitles([found.list]);
      return { ...found, appTitle: titles.get(found.list) ?? null, confirmed: true };
    },

    /** The lists of the subscriber whose token this is; undefined for an unknown token. */
    async preferences(token: string): Promise<SubscriberPreferences | undefined> {
      const [subscriber] = await db.select().from(subscribers).where(eq(subscribers.token, token));
      if (!subscriber) return undefined;
      const rows = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.subscriberId, subscriber.id))
        .orderBy(asc(subscriptions.id));
      const titles = await listTitles(rows.map((r) => r.list));
      return {
        locale: subscriber.locale,
        lists: rows.map((r) => ({
          list: r.list,
          appTitle: titles.get(r.list) ?? null,
          status: r.status as SubscriptionStatus,
          subscribed: r.status === 'confirmed',
        })),
      };
    },

    /**
     * Turns one list (or, with 'all' and false, every list) on or off for the token's subscriber.
     * Back on is only for a list it had confirmed before (the token proves the mailbox; a list never
     * confirmed needs its emailed link). False for an unknown token.
     */
    async setPreference(token: string, list: string, subscribed: boolean): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [subscriber] = await tx.select().from(subscribers).where(eq(subscribers.token, token));
        if (!subscriber) return false;
        const at = now();
        const mine = eq(subscriptions.subscriberId, subscriber.id);
        const which = list === 'all' ? mine : and(mine, eq(subscriptions.list, list));
        if (!subscribed) {
          await tx
            .update(subscriptions)
            .set({ status: 'unsubscribed', unsubscribedAt: at, updatedAt: at })
            .where(and(which, ne(subscriptions.status, 'unsubscribed')));
        } else if (list !== 'all') {
          await tx
            .update(subscriptions)
            .set({ status: 'confirmed', unsubscribedAt: null, updatedAt: at })
            .where(and(which, eq(subscriptions.status, 'unsubscribed'), sql`${subscriptions.confirmedAt} is not null`));
        }
        return true;
      });
    },

    // ── Admin ─────────────────────────────────────────────────────────────────────────────────

    /** Each list's counts: the studio's newsletter always, and every app list that has anyone. */
    async counts(): Promise<ListCounts[]> {
      const rows = await db
        .select({ list: subscriptions.list, status: subscriptions.status, n: count() })
        .from(subscriptions)
        .groupBy(subscriptions.list, subscriptions.status);
      const lists = new Map<string, ListCounts>();
      const entry = (list: string) => {
        let found = lists.get(list);
        if (!found) {
          const appId = list.startsWith('app:') ? Number(list.slice(4)) : null;
          found = { list, appId, appTitle: null, pending: 0, confirmed: 0, unsubscribed: 0 };
          lists.set(list, found);
        }
        return found;
      };
      entry('studio');
      for (const row of rows) {
        const status = row.status as SubscriptionStatus;
        entry(row.list)[status] += Number(row.n);
      }
      const titles = await listTitles([...lists.keys()]);
      for (const item of lists.values()) item.appTitle = titles.get(item.list) ?? null;
      return [...lists.values()];
    },

    /** One page of subscribers, newest first: on `list` when given, the address containing `q`. */
    async page(query: { list?: string; q?: string; limit: number; offset: number }) {
      const conditions: SQL[] = [];
      if (query.list) {
        conditions.push(
          exists(
            db
              .select({ one: sql`1` })
              .from(subscriptions)
              .where(and(eq(subscriptions.subscriberId, subscribers.id), eq(subscriptions.list, query.list))),
          ),
        );
      }
      if (query.q) conditions.push(ilike(subscribers.email, `%${query.q.replace(/[\\%_]/g, '\\$&')}%`));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        pageByKey(db, SUBSCRIBER_LIST, where, query.offset, (found) =>
          db
            .select()
            .from(subscribers)
            .where(found)
            .orderBy(...newestOrder(SUBSCRIBER_LIST))
            .limit(query.limit),
        ),
        db.select({ n: count() }).from(subscribers).where(where),
      ]);
      const memberships = rows.length
        ? await db
            .select()
            .from(subscriptions)
            .where(
              inArray(
                subscriptions.subscriberId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(asc(subscriptions.id))
        : [];
      const titles = await listTitles(memberships.map((m) => m.list));
      const items: SubscriberRow[] = rows.map((r) => ({
        id: r.id,
        email: r.email,
        locale: r.locale,
        createdAt: iso(r.createdAt),
        lists: memberships.filter((m) => m.subscriberId === r.id).map((m) => membership(m, titles.get(m.list) ?? null)),
      }));
      return { items, total: Number(total?.n ?? 0) };
    },

    async get(id: number): Promise<SubscriberDetail | undefined> {
      const [row] = await db.select().from(subscribers).where(eq(subscribers.id, id));
      if (!row) return undefined;
      const subs = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.subscriberId, id))
        .orderBy(asc(subscriptions.id));
      const consents = subs.length
        ? await db
            .select()
            .from(subscriptionConsents)
            .where(
              inArray(
                subscriptionConsents.subscriptionId,
                subs.map((s) => s.id),
              ),
            )
            .orderBy(asc(subscriptionConsents.id))
        : [];
      const titles = await listTitles(subs.map((s) => s.list));
      const listOf = new Map(subs.map((s) => [s.id, s.list]));
      return {
        id: row.id,
        email: row.email,
        locale: row.locale,
        createdAt: iso(row.createdAt),
        lists: subs.map((s) => membership(s, titles.get(s.list) ?? null)),
        consents: consents.map((c) => toConsent(c, listOf.get(c.subscriptionId)!)),
      };
    },

    /** Removes the subscriber (its lists and consent records go with it) and suppresses its address for good. */
    async remove(id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(subscribers).where(eq(subscribers.id, id)).for('update');
        if (!row) return false;
        await tx
          .insert(suppressions)
          .values({ emailHash: emailHash(row.email), reason: 'removed', createdAt: now() })
          .onConflictDoNothing();
        await tx.delete(subscribers).where(eq(subscribers.id, id));
        return true;
      });
    },

    /** Every membership (of `list`, or all) with its subscriber and consent records, for the CSV export. */
    async exportRows(list?: string) {
      const rows = await db
        .select({ subscriber: subscribers, subscription: subscriptions })
        .from(subscriptions)
        .innerJoin(subscribers, eq(subscribers.id, subscriptions.subscriberId))
        .where(list ? eq(subscriptions.list, list) : undefined)
        .orderBy(asc(subscribers.email), asc(subscriptions.list));
      const consents = rows.length
        ? await db
            .select()
            .from(subscriptionConsents)
            .where(
              inArray(
                subscriptionConsents.subscriptionId,
                rows.map((r) => r.subscription.id),
              ),
            )
            .orderBy(asc(subscriptionConsents.id))
        : [];
      return rows.map((r) => ({
        email: r.subscriber.email,
        locale: r.subscriber.locale,
        ...membership(r.subscription, null),
        consents: consents
          .filter((c) => c.subscriptionId === r.subscription.id)
          .map((c) => toConsent(c, r.subscription.list)),
      }));
    },

    /**
     * Adds addresses that consented elsewhere, as confirmed members of `list`, each with a consent
     * record naming `source`. A suppressed address is never added; one already confirmed or
     * unsubscribed from the list is left as it is.
     */
    async importConfirmed(
      list: ListKey,
      appId: number | null,
      source: string,
      emails: string[],
      ip: string,
    ): Promise<{ imported: number; existing: number; suppressed: number }> {
      return db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const at = now();
        const tally = { imported: 0, existing: 0, suppressed: 0 };
        for (const email of emails) {
          if (await suppressed(t, email)) {
            tally.suppressed++;
            continue;
          }
          const subscriber = await subscriberFor(t, email, undefined, at);
          const subscription = await subscriptionFor(t, subscriber.id, list, appId, [], at);
          // Already confirmed, or unsubscribed (an import never overrides a withdrawal of consent).
          if (subscription.status !== 'pending') {
            tally.existing++;
            continue;
          }
          await t
            .update(subscriptions)
            .set({ status: 'confirmed', confirmedAt: at, unsubscribedAt: null, updatedAt: at })
            .where(eq(subscriptions.id, subscription.id));
          await t.insert(subscriptionConsents).values({
            subscriptionId: subscription.id,
            signedUpAt: at,
            signedUpIp: ip,
            form: 'import',
            page: '',
            wording: '',
            source,
            confirmedAt: at,
          });
          tally.imported++;
        }
        return tally;
      });
    },
  };
}
export type SubscriptionsRepo = ReturnType<typeof subscriptionsRepo>;
