// One way to reach the SMTP server of SMTP_URL, for every mail the site sends (staff mail, the
// notification outbox, campaigns): each of nodemailer's time limits is set (as URL parameters,
// where nodemailer reads them) unless the URL sets its own, so a silent server never holds a send.
import nodemailer, { type Transporter } from 'nodemailer';

export function smtpTransport(smtpUrl: string, timeoutMs: number): Transporter {
  const url = new URL(smtpUrl);
  for (const name of ['connectionTimeout', 'greetingTimeout', 'socketTimeout']) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(timeoutMs));
  }
  return nodemailer.createTransport(url.toString());
}
