// The campaign sender (issue 26): runs beside the requests on every instance, like the notification
// outbox. It claims one queued recipient at a time (campaignsRepo.claim: a transaction under an
// advisory lock that also keeps the whole site within mailPerMinute, whatever the number of
// instances), hands its email to the mail server, then marks it sent. A failed send is tried again
// with the outbox's backoff, and marked failed with its error after the last try.
//
// Crashes (docs/decisions/119): a recipient is marked 'sending' with a lease before its mail goes,
// and 'sent' once the mail server accepted it. An instance that dies leaves at most the one
// recipient it was sending in 'sending'; once its lease has passed, any instance sends it again,
// with the same Message-ID. Everyone else is mailed exactly once; that one recipient may get the
// same message twice only if the crash fell between the server's acceptance and the mark.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { CampaignMail } from './campaign-mail';
import { SEND_TIMEOUT_MS } from './campaign-mail';
import type { CampaignsRepo } from './campaigns.repo';
import { WorkerLoop } from '../../lib/worker-loop';

/** How long a claimed recipient is reserved for one attempt: above the send's own limits. */
export const LEASE_MS = 4 * SEND_TIMEOUT_MS;
/** Work of other instances, and retries, are looked for at least this often. */
const POLL_MS = 30_000;

export class CampaignSender {
  readonly #loop: WorkerLoop;

  constructor(
    private readonly repo: CampaignsRepo,
    private readonly mail: CampaignMail,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {
    this.#loop = new WorkerLoop({
      name: 'campaigns',
      failure: 'could not read the queue',
      log,
      now,
      pollMs: POLL_MS,
      minWaitMs: 50,
      run: (stopped) => this.#drain(stopped),
      nextDue: () => repo.nextDue(),
    });
  }

  get enabled(): boolean {
    return this.mail.available;
  }

  /** Starts sending: recipients queued before a restart go at once (those left mid-send after their lease). */
  start(): void {
    if (this.enabled) this.#loop.start();
  }

  async stop(): Promise<void> {
    await this.#loop.stop();
    this.mail.close();
  }

  /** Something may be due now (a campaign was just queued, the clock moved): look at once. */
  kick(): void {
    this.#loop.kick();
  }

  /** Waits until every send under way has finished (tests). */
  settled(): Promise<void> {
    return this.#loop.settled();
  }

  /** Sends while recipients are due and the rate allows; answers when the rate frees up, if it ran out. */
  async #drain(stopped: () => boolean): Promise<Date | null> {
    while (!stopped()) {
      const claim = await this.repo.claim(new Date(this.now().getTime() + LEASE_MS));
      if (!claim) return null;
      if ('waitUntil' in claim) return claim.waitUntil;
      const { campaign, subscriber, attempts, stillWanted } = claim.recipient;
      const ids = { campaignId: campaign.id, subscriberId: subscriber.id };
      if (!stillWanted) {
        await this.repo.fail(campaign.id, subscriber.id, 'Left the list before it was sent');
        continue;
      }
      try {
        const mail = await this.mail.render({
          campaignId: campaign.id,
          subject: campaign.subject,
          content: campaign.content,
          to: subscriber.email,
          token: subscriber.token,
          subscriberKey: String(subscriber.id),
          locale: subscriber.locale,
        });
        await this.mail.send(mail);
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        const delays = this.config.notify.retryDelaysMs;
        if (attempts > delays.length) {
          await this.repo.fail(campaign.id, subscriber.id, reason);
          // The address stays out of the log (issue 26): the subscriber's number names it.
          this.log.error({ ...ids, attempts, reason }, 'campaigns: gave up sending to a recipient');
        } else {
          const delay = delays[attempts - 1]!;
          await this.repo.retryAt(campaign.id, subscriber.id, new Date(this.now().getTime() + delay), reason);
          this.log.warn({ ...ids, attempts, retryInMs: delay, reason }, 'campaigns: a send failed; trying again later');
        }
        continue;
      }
      await this.repo.markSent(campaign.id, subscriber.id);
    }
    return null;
  }
}
