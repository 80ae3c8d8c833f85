// One campaign email (issue 26), as every subscriber and "Send me a test" get it: the campaign's
// HTML (its /media/ images and site links made absolute), a plain-text part, and in both a visible
// unsubscribe link in the subscriber's language; RFC 8058's List-Unsubscribe and
// List-Unsubscribe-Post headers (the mail server's DKIM must sign both: README, "Sending mail that
// arrives"); and a Message-ID made from the campaign and the subscriber, the same on every attempt,
// so a message sent again after a crash is recognisably the same message.
// Transactional mails (password reset, deletion confirmation, new-message notices) never come here.
import sanitizeHtml from 'sanitize-html';
import type { Transporter } from 'nodemailer';
import { smtpTransport } from '../../lib/smtp';
import { createIntl, createIntlCache } from 'react-intl';
import type { Config } from '../../config';
import { messagesFor } from '../../../shared/messages';
import { paths } from '../../../shared/paths';
import { chooseLocale } from '../deletion-requests/deletion-language';
import type { SiteSettingsRepo } from '../site/site-settings.repo';
import type { UiStringsRepo } from '../ui-strings/ui-strings.repo';

/** Each connection step's limit; the sender's lease is well above their sum. */
export const SEND_TIMEOUT_MS = 10_000;

const cache = createIntlCache();

export interface CampaignMailInput {
  campaignId: number;
  subject: string;
  /** Sanitised HTML. */
  content: string;
  to: string;
  /** The subscriber's unsubscribe token (a test has none: its link is the page's address without one). */
  token: string | null;
  subscriberKey: string;
  locale: string | null;
}

export interface RenderedCampaignMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers: { 'List-Unsubscribe': string; 'List-Unsubscribe-Post': string; 'Content-Language': string };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Site-relative src and href made absolute (a mail has no base address). */
export function absolutise(html: string, siteUrl: string): string {
  return html.replace(/(\s(?:src|href)=")\/(?!\/)/g, `$1${siteUrl}/`);
}

/** The plain-text part: paragraphs kept, links written out after their words. */
export function campaignText(html: string): string {
  const text = sanitizeHtml(
    html
      .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, words: string) =>
        words.replace(/<[^>]*>/g, '').trim() === href ? href : `${words} (${href})`,
      )
      .replace(/<img\s[^>]*alt="([^"]*)"[^>]*>/gi, '[$1]')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|h[1-6]|blockquote|pre)>/gi, '\n\n')
      .replace(/<li[^>]*>/gi, '- ')
      .replace(/<\/li>/gi, '\n'),
    { allowedTags: [], allowedAttributes: {} },
  );
  return text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export class CampaignMail {
  #transport: Transporter | undefined;

  constructor(
    private readonly config: Config,
    private readonly repos: { siteSettings: SiteSettingsRepo; uiStrings: Pick<UiStringsRepo, 'list'> },
  ) {}

  /** Mail can be sent: a server and a sender address are configured. */
  get available(): boolean {
    return Boolean(this.config.notify.smtpUrl && this.config.notify.emailFrom);
  }

  /** The email as it goes to one address. */
  async render(input: CampaignMailInput): Promise<RenderedCampaignMail> {
    const { siteUrl } = this.config;
    const settings = await this.repos.siteSettings.get();
    const locale = chooseLocale(settings.locales, input.locale);
    const code = locale?.code ?? 'en';
    const intl = createIntl(
      { locale: code, messages: messagesFor(code, await this.repos.uiStrings.list(code)), defaultLocale: 'en' },
      cache,
    );
    const t = (key: 'campaignEmail.why' | 'campaignEmail.unsubscribe', values?: Record<string, string>) =>
      intl.formatMessage({ id: key }, values);
    const unsubscribe = `${siteUrl}${paths.unsubscribe(input.token ?? 'test')}`;
    const host = new URL(siteUrl).hostname || 'localhost';
    const why = t('campaignEmail.why', { site: settings.name });
    const body = absolutise(input.content, siteUrl);
    const dir = locale?.dir ?? 'ltr';
    const html = [
      `<!doctype html><html lang="${code}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(input.subject)}</title></head>`,
      '<body style="margin:0;padding:0;background:#f4f4f5;">',
      '<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff;color:#18181b;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:16px;line-height:1.5;">',
      body.replace(/<img /g, '<img style="max-width:100%;height:auto;" '),
      '<hr style="border:none;border-top:1px solid #e4e4e7;margin:32px 0 16px;">',
      `<p style="font-size:13px;color:#52525b;">${escapeHtml(why)} <a href="${escapeHtml(unsubscribe)}" style="color:#52525b;">${escapeHtml(t('campaignEmail.unsubscribe'))}</a></p>`,
      '</div></body></html>',
    ].join('');
    const text = [campaignText(body), '', '--', why, `${t('campaignEmail.unsubscribe')}: ${unsubscribe}`].join('\n');
    const name = settings.name.replace(/["\\\r\n]/g, '');
    return {
      from: `"${name}" <${this.config.notify.emailFrom ?? `noreply@${host}`}>`,
      to: input.to,
      subject: input.subject,
      html,
      text,
      messageId: `<campaign-${input.campaignId}.${input.subscriberKey}@${host}>`,
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'Content-Language': code,
      },
    };
  }

  /** Hands the email to the mail server (resolves once it accepted it). */
  async send(mail: RenderedCampaignMail): Promise<void> {
    await this.#mail().sendMail({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      messageId: mail.messageId,
      headers: mail.headers,
    });
  }

  close(): void {
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
