// The staff's own mail (issue 23): password-reset links, "your password was changed" and new-device
// notices, sent through the site's SMTP settings (SMTP_URL, from NOTIFY_EMAIL_FROM). A mail is sent
// beside the request, after its reply, so a request that sends one answers as fast as one that does
// not (the password-reset request must not tell whether an account exists). Nothing waits in the
// outbox: a reset link's secret exists only in the mail and is never stored in clear, so a failed
// send is logged and the user asks again.
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { smtpTransport } from '../../lib/smtp';
import type { Config } from '../../config';
import { confirmsDeletions } from '../notifications/notifier';

/** Each send's own limit. */
const SEND_TIMEOUT_MS = 15_000;

export interface StaffMessage {
  to: string;
  subject: string;
  text: string;
}

export class StaffMail {
  #transport: Transporter | undefined;
  readonly #running = new Set<Promise<void>>();

  constructor(
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Mail can be sent: a server and a sender are configured. */
  get available(): boolean {
    return confirmsDeletions(this.config);
  }

  /**
   * Runs `work` (which may send mail) after the current request's reply, never in it; a failure is
   * logged as `what`. `close()` waits for what is running.
   */
  later(what: string, work: () => Promise<void>): void {
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => this.log.error({ err }, `staff mail: could not send the ${what}`))
      .finally(() => this.#running.delete(run));
    this.#running.add(run);
  }

  async send(message: StaffMessage): Promise<void> {
    if (!this.available) return;
    await this.#mail().sendMail({ from: this.config.notify.emailFrom, ...message });
  }

  /** Waits until no mail is being prepared or sent. */
  async settled(): Promise<void> {
    while (this.#running.size) await Promise.allSettled([...this.#running]);
  }

  /** Waits for the mails being sent, then closes the connection. */
  async close(): Promise<void> {
    await this.settled();
    this.#transport?.close();
    this.#transport = undefined;
  }

  #mail(): Transporter {
    if (!this.#transport) {
      this.#transport = smtpTransport(this.config.notify.smtpUrl!, SEND_TIMEOUT_MS);
    }
    return this.#transport;
  }
}
