// Sends the notifications of new messages: an email through SMTP_URL to NOTIFY_EMAIL_TO, and/or a
// JSON POST to NOTIFY_WEBHOOK_URL (with `text` for Slack and `content` for Discord); and the visitor's
// confirmation of a deletion request (issue 14), by email from NOTIFY_EMAIL_FROM. It runs beside
// the requests, never in them: a visitor's message is stored and answered first; this picks the
// jobs up from the database (so a restart or another instance carries on), retries with backoff,
// and logs when it gives up.
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { notificationsRepo, type Channel, type ClaimedJob } from './notifications.repo';
import { formatLongGb } from '../../../shared/dates';
import { paths } from '../../../shared/paths';

/** How long a claimed job is reserved for one attempt (a send is cut off well before). */
const LEASE_MS = 2 * 60_000;
/** Each send's own limit. */
const SEND_TIMEOUT_MS = 15_000;
/** Jobs of other instances, and retries, are looked for at least this often. */
const POLL_MS = 30_000;

type Message = Extract<ClaimedJob, { kind: 'message' }>['message'];
type DeletionRequest = Extract<ClaimedJob, { kind: 'deletion-confirmation' }>['request'];

export function channelsFor(config: Config): Channel[] {
  const { smtpUrl, emailTo, webhookUrl } = config.notify;
  return [...(smtpUrl && emailTo.length ? (['email'] as const) : []), ...(webhookUrl ? (['webhook'] as const) : [])];
}

/** Visitors are emailed the receipt of their deletion request when mail can be sent (a server and a sender). */
export function confirmsDeletions(config: Config): boolean {
  return Boolean(config.notify.smtpUrl && config.notify.emailFrom);
}

function summary(message: Message): string {
  return `New message from ${message.firstName} ${message.lastName} <${message.email}>: ${message.subject}`;
}

export class Notifier {
  readonly #repo;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = true;
  #mail: Transporter | undefined;

  constructor(
    db: Db,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {
    this.#repo = notificationsRepo(db);
  }

  get enabled(): boolean {
    return channelsFor(this.config).length > 0 || confirmsDeletions(this.config);
  }

  /** Starts sending: jobs already due (from before a restart) go at once. */
  start(): void {
    if (!this.enabled) return;
    this.#stopped = false;
    this.kick();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
    this.#mail?.close();
  }

  /** Something may be due now (a message was just stored): look without waiting for the timer. */
  kick(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#running = this.#drain()
      .catch((err: unknown) => this.log.error({ err }, 'notifications: could not read the outbox'))
      .finally(() => {
        this.#running = undefined;
        if (this.#again) {
          this.#again = false;
          this.kick();
        } else void this.#sleep();
      });
  }

  async #sleep(): Promise<void> {
    if (this.#stopped) return;
    let wait = POLL_MS;
    try {
      const next = await this.#repo.nextDue();
      if (next) wait = Math.min(POLL_MS, Math.max(0, next.getTime() - this.now().getTime()));
    } catch {
      // the database is away: look again later
    }
    if (this.#stopped) return;
    this.#timer = setTimeout(() => this.kick(), wait);
    this.#timer.unref();
  }

  async #drain(): Promise<void> {
    while (!this.#stopped) {
      const now = this.now();
      const job = await this.#repo.claim(now, new Date(now.getTime() + LEASE_MS));
      if (!job) return;
      // What the log lines name: the message, or the deletion request by its reference.
      const about =
        job.kind === 'message'
          ? { ids: { messageId: job.message.id }, what: `notification of message ${job.message.id}` }
          : {
              ids: { deletionRequestId: job.request.id },
              what: `confirmation of deletion request ${job.request.reference}`,
            };
      try {
        if (job.kind === 'message') await this.#send(job.channel, job.message);
        else await this.#confirmDeletion(job.request);
        await this.#repo.done(job.id);
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        const delays = this.config.notify.retryDelaysMs;
        if (job.attempts > delays.length) {
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
      const url = new URL(this.config.notify.smtpUrl!);
      // Each time limit also comes as a URL parameter (nodemailer reads them from there).
      for (const name of ['connectionTimeout', 'greetingTimeout', 'socketTimeout']) {
        if (!url.searchParams.has(name)) url.searchParams.set(name, String(SEND_TIMEOUT_MS));
      }
      this.#mail = nodemailer.createTransport(url.toString());
    }
    return this.#mail;
  }

  /** The visitor's receipt: the reference to quote, the date it will be done by, and where to ask. */
  async #confirmDeletion(request: DeletionRequest): Promise<void> {
    const page = `${this.config.siteUrl}${paths.appDeleteAccount(request.appSlug)}`;
    await this.#transport().sendMail({
      from: this.config.notify.emailFrom,
      to: request.email,
      subject: `We received your request to delete your ${request.appTitle} account (${request.reference})`,
      text: [
        `We received your request to delete your account and data in ${request.appTitle}.`,
        '',
        `Your reference: ${request.reference}`,
        ...(request.accountId ? [`Account: ${request.accountId}`] : []),
        `We will complete it by ${formatLongGb(request.dueAt.toISOString())} at the latest.`,
        '',
        'Please quote the reference if you write to us about it. If you did not ask for this, reply to this email and we will not go ahead.',
        '',
        `What is deleted and what is kept: ${page}`,
      ].join('\n'),
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
        text,
        content: text.slice(0, 2000),
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
