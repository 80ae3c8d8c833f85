// Sends the notifications of new messages: an email through SMTP_URL to NOTIFY_EMAIL_TO, and/or a
// JSON POST to NOTIFY_WEBHOOK_URL (with `text` for Slack and `content` for Discord, the visitor's
// words escaped so they can neither ping the channel nor disguise a link: issue 21); and, by email
// from NOTIFY_EMAIL_FROM to the visitor who asked for a deletion (issue 14, 21), the link that
// confirms it (fixed text: none of the visitor's words go to an address not yet confirmed) and,
// once confirmed, its outcome with the staff's note. It runs beside
// the requests, never in them: a visitor's message is stored and answered first; this picks the
// jobs up from the database (so a restart or another instance carries on), retries with backoff,
// and logs when it gives up.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { smtpTransport } from '../../lib/smtp';
import { WorkerLoop } from '../../lib/worker-loop';
import type { Config } from '../../config';
import { MESSAGE_REPLY, type Channel, type ClaimedJob, type NotificationsRepo } from './notifications.repo';
import { oneLine, replySubject } from '../../../shared/schemas/messages';
import { paths } from '../../../shared/paths';
import { DELETION_CONFIRM_DAYS } from '../../../shared/schemas/app-pages';
import { hashDeletionToken } from '../deletion-requests/deletion-requests.repo';
import type { LanguageOf } from '../deletion-requests/deletion-language';
import { SUBSCRIPTION_CONFIRM_DAYS } from '../../../shared/schemas/subscriptions';
import { hashSubscriptionToken, newToken } from '../subscriptions/subscriptions.repo';
import type { SubscriptionConfirmationJob } from './notifications.repo';

/** How long a claimed job is reserved for one attempt (a send is cut off well before). */
const LEASE_MS = 2 * 60_000;
/** Each send's own limit. */
const SEND_TIMEOUT_MS = 15_000;
/** Jobs of other instances, and retries, are looked for at least this often. */
const POLL_MS = 30_000;

type Message = Extract<ClaimedJob, { kind: 'message' }>['message'];
type DeletionRequest = Extract<ClaimedJob, { kind: 'deletion-confirmation' }>['request'];
type DeletionEvent = Extract<ClaimedJob, { kind: 'deletion-outcome' }>['event'];
const DAY_MS = 24 * 60 * 60 * 1000;

export function channelsFor(config: Config): Channel[] {
  const { smtpUrl, emailTo, webhookUrl } = config.notify;
  return [...(smtpUrl && emailTo.length ? (['email'] as const) : []), ...(webhookUrl ? (['webhook'] as const) : [])];
}

/**
 * Visitors confirm their deletion request by an emailed link, and hear of its outcome, when mail can
 * be sent (a server and a sender); otherwise a request counts from its submission.
 */
export function confirmsDeletions(config: Config): boolean {
  return Boolean(config.notify.smtpUrl && config.notify.emailFrom);
}

/** Issue 26: staff reply to messages from the inbox when mail can be sent (a server and a sender). */
export function sendsReplies(config: Config): boolean {
  return Boolean(config.notify.smtpUrl && config.notify.emailFrom);
}

function summary(message: Message): string {
  return `New message from ${message.firstName} ${message.lastName} <${message.email}>: ${message.subject}`;
}

/**
 * Text for Slack's `text`: its three control characters escaped as Slack asks, so `<!channel>`,
 * `<@U123>` and `<https://evil|a label>` arrive as the characters typed, not as mentions or links.
 */
export function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const ZWSP = '\u200b';

/**
 * Text for Discord's `content`: mentions broken by a zero-width space (@everyone, @here, <@id>,
 * <@&role>, <#channel>) — the payload's `allowed_mentions` also pings no one — and markdown escaped
 * with backslashes, which Discord does not show (links `[label](url)`, emphasis, spoilers, code,
 * quotes and headings), so it reads as typed. Bare addresses stay: they show where they lead.
 */
export function discordEscape(text: string): string {
  return text
    .replace(/[\\*_~`|[\]]/g, '\\$&')
    .replace(/^(\s*)([>#-])/gm, '$1\\$2')
    .replace(/@(everyone|here)/gi, `@${ZWSP}$1`)
    .replace(/<([@#])/g, `<${ZWSP}$1`);
}

export class Notifier {
  readonly #repo;
  readonly #loop: WorkerLoop;
  #mail: Transporter | undefined;

  constructor(
    repo: NotificationsRepo,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
    /** The language a deletion request's visitor is written to in (issue 24). */
    private readonly languageOf: LanguageOf,
  ) {
    this.#repo = repo;
    this.#loop = new WorkerLoop({
      name: 'notifications',
      failure: 'could not read the outbox',
      log,
      now,
      pollMs: POLL_MS,
      run: (stopped) => this.#drain(stopped),
      nextDue: () => repo.nextDue(),
    });
  }

  get enabled(): boolean {
    return channelsFor(this.config).length > 0 || confirmsDeletions(this.config);
  }

  /** Starts sending: jobs already due (from before a restart) go at once. */
  start(): void {
    if (this.enabled) this.#loop.start();
  }

  async stop(): Promise<void> {
    await this.#loop.stop();
    this.#mail?.close();
  }

  /** Something may be due now (a message was just stored): look without waiting for the timer. */
  kick(): void {
    this.#loop.kick();
  }

  async #drain(stopped: () => boolean): Promise<void> {
    while (!stopped()) {
      const now = this.now();
      const job = await this.#repo.claim(now, new Date(now.getTime() + LEASE_MS));
      if (!job) return;
      // What the log lines name: the message, or the deletion request by its reference.
      const about =
        job.kind === 'message'
          ? { ids: { messageId: job.message.id }, what: `notification of message ${job.message.id}` }
          : job.kind === MESSAGE_REPLY
            ? { ids: { replyId: job.reply.id }, what: `reply ${job.reply.id} to message ${job.message.id}` }
            : job.kind === 'subscription-confirmation'
              ? // The address never goes to the log (issue 26): the consent record's id names it.
                {
                  ids: { consentId: job.signUp.consentId },
                  what: `confirmation link of sign-up ${job.signUp.consentId}`,
                }
              : {
                  ids: { deletionRequestId: job.request.id },
                  what: `${job.kind === 'deletion-outcome' ? 'outcome' : 'confirmation link'} of deletion request ${job.request.reference}`,
                };
      try {
        if (job.kind === 'message') await this.#send(job.channel, job.message);
        else if (job.kind === 'deletion-outcome') await this.#deletionOutcome(job.request, job.event);
        else if (job.kind === MESSAGE_REPLY) await this.#reply(job);
        else if (job.kind === 'subscription-confirmation') await this.#confirmSubscription(job.signUp);
        else await this.#confirmDeletion(job.request);
        // A reply is marked sent (and its message replied) before its job goes: a crash between
        // the two sends it again rather than leaving it queued for ever.
        if (job.kind === MESSAGE_REPLY) await this.#repo.replySent(job.reply.id, this.now());
        await this.#repo.done(job.id);
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        const delays = this.config.notify.retryDelaysMs;
        const gaveUp = job.attempts > delays.length;
        if (job.kind === MESSAGE_REPLY) {
          await this.#repo
            .replyFailed(job.reply.id, reason, gaveUp)
            .catch((e: unknown) => this.log.warn({ err: e }, 'notifications: could not record a reply failure'));
        }
        if (gaveUp) {
          await this.#repo.giveUp(job.id, this.now(), reason);
          this.log.error(
            { err, channel: job.channel, ...about.ids, attempts: job.attempts },
            `notifications: gave up sending the ${job.kind === 'message' ? `${job.channel} ` : ''}${about.what}`,
          );
        } else {
          const delay = delays[job.attempts - 1]!;
          await this.#repo.retryAt(job.id, new Date(this.now().getTime() + delay), reason);
          this.log.warn(
            { channel: job.channel, ...about.ids, attempts: job.attempts, retryInMs: delay, reason },
            `notifications: the ${job.channel} notification failed; trying again later`,
          );
        }
      }
    }
  }

  async #send(channel: Channel, message: Message): Promise<void> {
    if (channel === 'email') return this.#email(message);
    return this.#webhook(message);
  }

  #transport(): Transporter {
    if (!this.#mail) {
      this.#mail = smtpTransport(this.config.notify.smtpUrl!, SEND_TIMEOUT_MS);
    }
    return this.#mail;
  }

  /**
   * The link that confirms a deletion request. The address is not confirmed yet, so the email holds
   * fixed text, the app's name, the reference and the link: nothing the visitor typed (issue 21).
   * Each sending makes a new link (only its hash is kept; one that was sent before stops working).
   * It is written in the language the visitor asked in (issue 24); the link's page is too, whatever
   * its address says, so the link itself carries no language.
   */
  async #confirmDeletion(request: DeletionRequest): Promise<void> {
    const token = randomBytes(32).toString('hex');
    const expires = new Date(this.now().getTime() + DELETION_CONFIRM_DAYS * DAY_MS);
    // Confirmed meanwhile (or left from before confirmation links): nothing to send.
    if (!(await this.#repo.issueDeletionToken(request.id, hashDeletionToken(token), expires))) return;
    const link = `${this.config.siteUrl}${paths.appDeleteAccountConfirm(request.appSlug, token)}`;
    const { t, date, appTitle, prefix, code } = await this.languageOf(request);
    const page = `${this.config.siteUrl}${prefix}${paths.appDeleteAccount(request.appSlug)}`;
    const named = { app: appTitle, reference: request.reference };
    await this.#transport().sendMail({
      from: this.config.notify.emailFrom,
      to: request.email,
      headers: { 'Content-Language': code },
      subject: t('deletionEmail.confirmSubject', named),
      text: [
        t('deletionEmail.confirmReceived', named),
        '',
        t('deletionEmail.confirmLink', { date: date(expires) }),
        link,
        '',
        t('deletionEmail.reference', named),
        t('deletionEmail.confirmCounts'),
        '',
        t('deletionEmail.notYou'),
        '',
        t('deletionEmail.whatIsDeleted', { link: page }),
      ].join('\n'),
    });
  }

  /**
   * A sign-up's double opt-in link (issue 26): fixed text in the subscriber's language, the list's
   * name and the link, nothing else (no advertising: it is not list mail). The link's secret is made
   * now; only its hash is kept, and it works for SUBSCRIPTION_CONFIRM_DAYS.
   */
  async #confirmSubscription(signUp: SubscriptionConfirmationJob): Promise<void> {
    const token = newToken();
    const expires = new Date(this.now().getTime() + SUBSCRIPTION_CONFIRM_DAYS * DAY_MS);
    if (!(await this.#repo.issueSubscriptionToken(signUp.consentId, hashSubscriptionToken(token), expires))) return;
    const { t, date, appTitle, code } = await this.languageOf({
      appId: signUp.appId,
      appTitle: signUp.appTitle ?? '',
      locale: signUp.locale,
    });
    const site = this.config.siteName;
    const list = signUp.appId === null ? t('subscribeForm.newsletter', { site }) : appTitle;
    const link = `${this.config.siteUrl}${paths.subscriptionConfirm(token)}`;
    await this.#transport().sendMail({
      from: this.config.notify.emailFrom,
      to: signUp.email,
      headers: { 'Content-Language': code, 'Auto-Submitted': 'auto-generated' },
      subject: t('subscribeEmail.subject', { list }),
      text: [
        t('subscribeEmail.asked', { list, site }),
        '',
        t('subscribeEmail.link', { date: date(expires) }),
        link,
        '',
        t('subscribeEmail.notYou'),
        '',
        t('subscribeEmail.manage'),
        `${this.config.siteUrl}${paths.unsubscribe(signUp.token)}`,
      ].join('\n'),
    });
  }

  /** The visitor hears that their (confirmed) request was done or rejected, with the staff's note. */
  async #deletionOutcome(request: DeletionRequest, event: DeletionEvent): Promise<void> {
    if (!request.confirmedAt) return;
    const done = event.toStatus === 'done';
    const { t, appTitle, prefix, code } = await this.languageOf(request);
    const page = `${this.config.siteUrl}${prefix}${paths.appDeleteAccount(request.appSlug)}`;
    const named = { app: appTitle, reference: request.reference };
    await this.#transport().sendMail({
      from: this.config.notify.emailFrom,
      to: request.email,
      headers: { 'Content-Language': code },
      subject: t(done ? 'deletionEmail.doneSubject' : 'deletionEmail.rejectedSubject', named),
      text: [
        t(done ? 'deletionEmail.doneText' : 'deletionEmail.rejectedText', named),
        '',
        t('deletionEmail.reference', named),
        // The staff's note, as they wrote it.
        ...(event.note ? ['', t('deletionEmail.note'), event.note] : []),
        '',
        done ? t('deletionEmail.whatIsDeleted', { link: page }) : t('deletionEmail.questions'),
      ].join('\n'),
    });
  }

  /**
   * Issue 26: staff's reply to a visitor's message, from the studio's address (Reply-To its contact
   * address when it has one), with the visitor's message quoted under it. The visitor's words go
   * into the subject and the name of the address on one line only: none can add a header.
   */
  async #reply({ reply, message, studioEmail }: Extract<ClaimedJob, { kind: typeof MESSAGE_REPLY }>): Promise<void> {
    const { emailFrom } = this.config.notify;
    const name = oneLine(`${message.firstName} ${message.lastName}`);
    const quoted = message.message
      .split(/\r?\n/)
      .map((line) => (line ? `> ${line}` : '>'))
      .join('\n');
    const sentOn = message.createdAt.toUTCString();
    await this.#transport().sendMail({
      from: emailFrom,
      to: { name, address: message.email },
      ...(studioEmail && studioEmail !== emailFrom ? { replyTo: studioEmail } : {}),
      subject: replySubject(message.subject),
      text: [reply.body, '', `On ${sentOn}, ${name} wrote:`, quoted].join('\n'),
    });
  }

  async #email(message: Message): Promise<void> {
    const { emailTo, emailFrom } = this.config.notify;
    await this.#transport().sendMail({
      from: emailFrom,
      to: emailTo,
      replyTo: { name: `${message.firstName} ${message.lastName}`, address: message.email },
      subject: `New message: ${message.subject}`,
      text: [
        summary(message),
        '',
        message.message,
        '',
        `Reply to this email to answer ${message.firstName}, or read it in the admin: ${this.config.siteUrl}/admin-page/messages`,
      ].join('\n'),
    });
  }

  async #webhook(message: Message): Promise<void> {
    const text = `${summary(message)}\n${message.message}`;
    const res = await fetch(this.config.notify.webhookUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        // Slack incoming webhooks read `text`; Discord's read `content` (at most 2000 characters).
        // Each is escaped for its reader, and Discord is told to ping no one whatever it finds.
        text: slackEscape(text),
        content: discordEscape(text).slice(0, 2000),
        allowed_mentions: { parse: [] },
        message: {
          id: message.id,
          firstName: message.firstName,
          lastName: message.lastName,
          email: message.email,
          subject: message.subject,
          message: message.message,
          createdAt: message.createdAt.toISOString(),
          url: `${this.config.siteUrl}/admin-page/messages`,
        },
      }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    // The body is not needed; read it so the connection can be reused.
    await res.arrayBuffer().catch(() => undefined);
    if (!res.ok) throw new Error(`The webhook answered ${res.status}`);
  }
}
