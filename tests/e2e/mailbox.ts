// The emails the end-to-end site's mail server received (tests/e2e/mail-sink.ts keeps each as an
// .eml file in E2E_MAIL_DIR), read as a visitor would: by address, in the order they came.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { E2E_MAIL_DIR } from '../../playwright.config';
import { expect } from './fixtures';

export interface ReceivedMail {
  subject: string;
  text: string;
  /** The message as sent: headers and body. */
  raw: string;
}

/** Every email received for `address` so far, oldest first. */
async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const found: ReceivedMail[] = [];
  for (const file of readdirSync(E2E_MAIL_DIR).sort()) {
    const raw = readFileSync(path.join(E2E_MAIL_DIR, file), 'utf8');
    const mail = await simpleParser(raw);
    const to = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address));
    if (to.includes(address)) found.push({ subject: mail.subject ?? '', text: mail.text ?? '', raw });
  }
  return found;
}

/** The `n`th email received for `address` (and with `subject`, if given), once it has come. */
export async function mailTo(address: string, n = 1, subject?: string): Promise<ReceivedMail> {
  let found: ReceivedMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).filter((mail) => subject === undefined || mail.subject === subject);
        return found.length;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(n);
  return found[n - 1]!;
}

/** The path and query of the first link in `text` that matches `pattern`. */
export function pathIn(text: string, pattern: RegExp): string {
  const url = pattern.exec(text)?.[0];
  expect(url, text).toBeTruthy();
  const parsed = new URL(url!);
  return parsed.pathname + parsed.search;
}
