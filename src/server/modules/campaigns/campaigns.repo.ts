// Campaigns and their recipients (issue 26). A draft is edited (versioned like other editors) and
// removed freely; sending it queues one campaign_recipients row per confirmed, unsuppressed
// subscriber of its list (narrowed to its platforms) in one transaction, once: a second Send finds
// the campaign no longer a draft and queues nothing. The sender (campaign-sender.ts) claims one row
// at a time under a lease, in a transaction that also keeps the whole site under mailPerMinute.
import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaignRecipients, campaigns, siteSettings, subscribers, subscriptions, suppressions } from '../../db/schema';
import type {
  Campaign,
  CampaignRecipient,
  CampaignSummary,
  CampaignTotals,
  RecipientStatus,
} from '../../../shared/schemas/campaigns';
import type { CampaignOrigin, CampaignStatus } from '../../../shared/schemas/lists';
import { sanitizeRichText } from '../../lib/sanitize';
import { invalid, staleVersion } from '../../lib/errors';
import { rowsOf } from '../../db/rows';

/** Claims by every instance take this lock for their short transaction: one count, one claim at a time. */
const SENDER_LOCK = 26_001;
/** The throttle's window. */
export const WINDOW_MS = 60_000;

type CampaignRow = typeof campaigns.$inferSelect;

export interface CampaignWrite {
  list: string;
  platforms: string[];
  subject: string;
  content: string;
  version?: number;
}

/** One recipient claimed for one attempt, with what its email needs. */
export interface ClaimedRecipient {
  campaign: Pick<CampaignRow, 'id' | 'subject' | 'content' | 'list'>;
  subscriber: { id: number; email: string; locale: string | null; token: string };
  attempts: number;
  /** False when the address left the list (or was suppressed) after it was queued: not sent. */
  stillWanted: boolean;
}

export type Claim = { recipient: ClaimedRecipient } | { waitUntil: Date } | null;

/** The SHA-256 (hex) of the trimmed, lower-cased address, as suppressions keep it. */
const suppressedSql = (email: SQL | typeof subscribers.email) =>
  sql`exists (select 1 from ${suppressions} where ${suppressions.emailHash} = encode(sha256(convert_to(lower(btrim(${email})), 'UTF8')), 'hex'))`;

/** The confirmed subscriptions of `list` that a campaign for `platforms` reaches. */
function audienceWhere(list: string, platforms: string[]): SQL {
  const platformMatch = platforms.length
    ? sql`(cardinality(${subscriptions.platforms}) = 0 or ${subscriptions.platforms} && ${sql.raw(
        `ARRAY[${platforms.map((p) => `'${p.replace(/'/g, "''")}'`).join(',')}]::text[]`,
      )})`
    : sql`true`;
  return sql`${subscriptions.list} = ${list} and ${subscriptions.status} = 'confirmed' and ${platformMatch} and not ${suppressedSql(subscribers.email)}`;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toSummary(row: CampaignRow, totals: CampaignTotals): CampaignSummary {
  return {
    id: row.id,
    list: row.list,
    platforms: row.platforms,
    subject: row.subject,
    status: row.status as CampaignStatus,
    origin: (row.origin as CampaignOrigin | null) ?? null,
    appId: row.appId,
    totals,
    queuedAt: iso(row.queuedAt),
    finishedAt: iso(row.finishedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

const EMPTY_TOTALS: CampaignTotals = { queued: 0, sending: 0, sent: 0, failed: 0 };

export function campaignsRepo(db: Db, now: () => Date) {
  async function totalsOf(ids: number[]): Promise<Map<number, CampaignTotals>> {
    const out = new Map<number, CampaignTotals>();
    if (!ids.length) return out;
    const rows = await db
      .select({ id: campaignRecipients.campaignId, status: campaignRecipients.status, n: count() })
      .from(campaignRecipients)
      .where(inArray(campaignRecipients.campaignId, ids))
      .groupBy(campaignRecipients.campaignId, campaignRecipients.status);
    for (const row of rows) {
      const totals = out.get(row.id) ?? { ...EMPTY_TOTALS };
      totals[row.status as RecipientStatus] = Number(row.n);
      out.set(row.id, totals);
    }
    return out;
  }

  async function row(id: number): Promise<CampaignRow | undefined> {
    const [found] = await db.select().from(campaigns).where(eq(campaigns.id, id));
    return found;
  }

  const repo = {
    row,

    async list(): Promise<CampaignSummary[]> {
      const rows = await db.select().from(campaigns).orderBy(desc(campaigns.createdAt), desc(campaigns.id));
      const totals = await totalsOf(rows.map((r) => r.id));
      return rows.map((r) => toSummary(r, totals.get(r.id) ?? { ...EMPTY_TOTALS }));
    },

    /** How many subscribers Send would queue now. */
    async audience(list: string, platforms: string[]): Promise<number> {
      const [found] = await db
        .select({ n: count() })
        .from(subscriptions)
        .innerJoin(subscribers, eq(subscribers.id, subscriptions.subscriberId))
        .where(audienceWhere(list, platforms));
      return Number(found?.n ?? 0);
    },

    async get(
      id: number,
      page: { limit: number; offset: number; status?: RecipientStatus } = { limit: 50, offset: 0 },
    ): Promise<Campaign | null> {
      const found = await row(id);
      if (!found) return null;
      const totals = (await totalsOf([id])).get(id) ?? { ...EMPTY_TOTALS };
      const where = and(
        eq(campaignRecipients.campaignId, id),
        page.status ? eq(campaignRecipients.status, page.status) : undefined,
      );
      const recipients = await db
        .select({
          subscriberId: campaignRecipients.subscriberId,
          email: subscribers.email,
          status: campaignRecipients.status,
          attempts: campaignRecipients.attempts,
          lastError: campaignRecipients.lastError,
          sentAt: campaignRecipients.sentAt,
        })
        .from(campaignRecipients)
        .innerJoin(subscribers, eq(subscribers.id, campaignRecipients.subscriberId))
        .where(where)
        .orderBy(asc(campaignRecipients.subscriberId))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await db.select({ n: count() }).from(campaignRecipients).where(where);
      return {
        ...toSummary(found, totals),
        content: found.content,
        postId: found.postId,
        releaseId: found.releaseId,
        audience: found.status === 'draft' ? await repo.audience(found.list, found.platforms) : 0,
        recipients: recipients.map((r): CampaignRecipient => ({
          ...r,
          status: r.status as RecipientStatus,
          sentAt: iso(r.sentAt),
        })),
        recipientsTotal: Number(total?.n ?? 0),
      };
    },

    async create(data: CampaignWrite, createdBy: number | null): Promise<CampaignRow> {
      const content = sanitizeRichText(data.content);
      if (!content) throw invalid('Content is required', [{ path: 'content', message: 'Content is required' }]);
      const [created] = await db
        .insert(campaigns)
        .values({ list: data.list, platforms: data.platforms, subject: data.subject, content, createdBy })
        .returning();
      return created!;
    },

    /** Edits a draft; a stale version is refused (409 with the saved one), a sent campaign too. */
    async update(id: number, data: CampaignWrite): Promise<CampaignRow | null | 'not-draft'> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
        if (!current) return null;
        if (current.status !== 'draft') return 'not-draft' as const;
        if (data.version !== undefined && data.version !== current.version) {
          throw staleVersion(toSummary(current, { ...EMPTY_TOTALS }));
        }
        const content = sanitizeRichText(data.content);
        if (!content) throw invalid('Content is required', [{ path: 'content', message: 'Content is required' }]);
        const [updated] = await tx
          .update(campaigns)
          .set({
            list: data.list,
            platforms: data.platforms,
            subject: data.subject,
            content,
            version: current.version + 1,
            updatedAt: now(),
          })
          .where(eq(campaigns.id, id))
          .returning();
        return updated!;
      });
    },

    /** Removes a draft (a sent campaign stays, with its recipients, as the record of what was sent). */
    async remove(id: number): Promise<CampaignRow | null | 'not-draft'> {
      const found = await row(id);
      if (!found) return null;
      if (found.status !== 'draft') return 'not-draft';
      const [removed] = await db
        .delete(campaigns)
        .where(and(eq(campaigns.id, id), eq(campaigns.status, 'draft')))
        .returning();
      return removed ?? 'not-draft';
    },

    /**
     * Queues the draft's audience and marks it 'sending', in one transaction under the campaign's
     * row lock: a second call (or a concurrent one) finds it no longer a draft and queues nothing.
     * Answers whether this call queued it, and how many.
     */
    async queue(id: number, sentBy: number | null): Promise<{ queued: number; started: boolean } | null> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
        if (!current) return null;
        if (current.status !== 'draft') return { queued: 0, started: false };
        const at = now();
        const inserted = await tx.execute(sql`
          insert into ${campaignRecipients} (campaign_id, subscriber_id, status)
          select ${id}, ${subscribers.id}, 'queued'
          from ${subscriptions} inner join ${subscribers} on ${subscribers.id} = ${subscriptions.subscriberId}
          where ${audienceWhere(current.list, current.platforms)}
          on conflict do nothing
          returning subscriber_id`);
        const queued = rowsOf(inserted).length;
        await tx
          .update(campaigns)
          .set({
            status: queued ? 'sending' : 'sent',
            queuedAt: at,
            finishedAt: queued ? null : at,
            sentBy,
            updatedAt: at,
            version: current.version + 1,
          })
          .where(eq(campaigns.id, id));
        return { queued, started: true };
      });
    },

    /**
     * Claims the next recipient due, for one attempt until `leaseUntil`, if the site's rate allows:
     * sends in the last minute (sent_at) plus sends under way (leased) stay below mailPerMinute,
     * counted under one advisory lock, so any number of instances share one rate. A recipient left
     * 'sending' by an instance that died is due again once its lease has passed. Answers the time a
     * send may next start when the rate is used up.
     */
    async claim(leaseUntil: Date): Promise<Claim> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SENDER_LOCK})`);
        const at = now();
        const [settings] = await tx.select({ perMinute: siteSettings.mailPerMinute }).from(siteSettings).limit(1);
        const perMinute = Math.max(1, settings?.perMinute ?? 60);
        const since = new Date(at.getTime() - WINDOW_MS);
        const [used] = await tx
          .select({ n: count(), oldest: sql<string | null>`min(${campaignRecipients.sentAt})` })
          .from(campaignRecipients)
          .where(
            or(
              and(eq(campaignRecipients.status, 'sent'), sql`${campaignRecipients.sentAt} > ${since.toISOString()}`),
              and(
                eq(campaignRecipients.status, 'sending'),
                sql`${campaignRecipients.leaseUntil} > ${at.toISOString()}`,
              ),
            ),
          );
        if (Number(used?.n ?? 0) >= perMinute) {
          const oldest = used?.oldest ? new Date(used.oldest) : at;
          return { waitUntil: new Date(Math.max(at.getTime() + 1000, oldest.getTime() + WINDOW_MS)) };
        }
        const [due] = await tx
          .select({ campaignId: campaignRecipients.campaignId, subscriberId: campaignRecipients.subscriberId })
          .from(campaignRecipients)
          .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
          .where(
            and(
              eq(campaigns.status, 'sending'),
              or(
                and(
                  eq(campaignRecipients.status, 'queued'),
                  or(isNull(campaignRecipients.leaseUntil), lte(campaignRecipients.leaseUntil, at)),
                ),
                and(eq(campaignRecipients.status, 'sending'), lte(campaignRecipients.leaseUntil, at)),
              ),
            ),
          )
          .orderBy(asc(campaignRecipients.campaignId), asc(campaignRecipients.subscriberId))
          .limit(1);
        if (!due) return null;
        const [claimed] = await tx
          .update(campaignRecipients)
          .set({ status: 'sending', leaseUntil, attempts: sql`${campaignRecipients.attempts} + 1` })
          .where(
            and(
              eq(campaignRecipients.campaignId, due.campaignId),
              eq(campaignRecipients.subscriberId, due.subscriberId),
            ),
          )
          .returning({ attempts: campaignRecipients.attempts });
        const [campaign] = await tx
          .select({ id: campaigns.id, subject: campaigns.subject, content: campaigns.content, list: campaigns.list })
          .from(campaigns)
          .where(eq(campaigns.id, due.campaignId));
        const [subscriber] = await tx
          .select({
            id: subscribers.id,
            email: subscribers.email,
            locale: subscribers.locale,
            token: subscribers.token,
          })
          .from(subscribers)
          .where(eq(subscribers.id, due.subscriberId));
        // Still on the list and not suppressed (it may have changed since it was queued).
        const [wanted] = await tx
          .select({ id: subscriptions.id })
          .from(subscriptions)
          .innerJoin(subscribers, eq(subscribers.id, subscriptions.subscriberId))
          .where(
            and(
              eq(subscriptions.subscriberId, due.subscriberId),
              eq(subscriptions.list, campaign!.list),
              eq(subscriptions.status, 'confirmed'),
              sql`not ${suppressedSql(subscribers.email)}`,
            ),
          );
        const who = subscriber!;
        return {
          recipient: {
            campaign: campaign!,
            subscriber: who,
            attempts: claimed!.attempts,
            stillWanted: wanted !== undefined,
          },
        };
      });
    },

    /** The recipient's mail was accepted by the mail server. */
    async markSent(campaignId: number, subscriberId: number): Promise<void> {
      await db
        .update(campaignRecipients)
        .set({ status: 'sent', sentAt: now(), lastError: null })
        .where(
          and(
            eq(campaignRecipients.campaignId, campaignId),
            eq(campaignRecipients.subscriberId, subscriberId),
            eq(campaignRecipients.status, 'sending'),
          ),
        );
      await repo.finishIfDone(campaignId);
    },

    /** Tries again at `at` (queued, not before then). */
    async retryAt(campaignId: number, subscriberId: number, at: Date, error: string): Promise<void> {
      await db
        .update(campaignRecipients)
        .set({ status: 'queued', leaseUntil: at, lastError: error })
        .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.subscriberId, subscriberId)));
    },

    async fail(campaignId: number, subscriberId: number, error: string): Promise<void> {
      await db
        .update(campaignRecipients)
        .set({ status: 'failed', lastError: error })
        .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.subscriberId, subscriberId)));
      await repo.finishIfDone(campaignId);
    },

    /** A sending campaign with no recipient left queued or being sent is 'sent'. */
    async finishIfDone(campaignId: number): Promise<void> {
      await db
        .update(campaigns)
        .set({ status: 'sent', finishedAt: now(), updatedAt: now() })
        .where(
          and(
            eq(campaigns.id, campaignId),
            eq(campaigns.status, 'sending'),
            sql`not exists (select 1 from ${campaignRecipients} where ${campaignRecipients.campaignId} = ${campaignId} and ${campaignRecipients.status} in ('queued', 'sending'))`,
          ),
        );
    },

    /** The next time a recipient falls due (a retry, or a lease that will run out), if any. */
    async nextDue(): Promise<Date | null> {
      const [found] = await db
        .select({ at: sql<string | null>`min(coalesce(${campaignRecipients.leaseUntil}, now()))` })
        .from(campaignRecipients)
        .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
        .where(and(eq(campaigns.status, 'sending'), inArray(campaignRecipients.status, ['queued', 'sending'])));
      return found?.at ? new Date(found.at) : null;
    },

    async mailPerMinute(): Promise<number> {
      const [settings] = await db.select({ perMinute: siteSettings.mailPerMinute }).from(siteSettings).limit(1);
      return settings?.perMinute ?? 60;
    },

    /** Sets the rate (the settings row is made with the site's name when the site has none yet). */
    async setMailPerMinute(perMinute: number, siteName: string): Promise<number> {
      const rows = await db.update(siteSettings).set({ mailPerMinute: perMinute }).returning({ id: siteSettings.id });
      if (!rows.length) await db.insert(siteSettings).values({ name: siteName, mailPerMinute: perMinute });
      return perMinute;
    },

    /** The app's launch draft, if one was ever made. */
    async launchDraftOf(appId: number): Promise<number | null> {
      const [found] = await db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(and(eq(campaigns.appId, appId), eq(campaigns.origin, 'launch')))
        .limit(1);
      return found?.id ?? null;
    },
  };
  return repo;
}
export type CampaignsRepo = ReturnType<typeof campaignsRepo>;
