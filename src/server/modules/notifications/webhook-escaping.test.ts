// Webhook notifications carry visitors' words into the studio's Slack or Discord (issue 21): a
// hostile name, subject and message, sent through the contact form, reach a real HTTP listener with
// every mention and link syntax neutralised for each reader, and still read as typed.
import { afterAll, describe, expect, it } from 'vitest';
import { startWebhook } from '../../../../tests/setup/mail';
import { createTestApp } from '../../../../tests/setup/test-app';
import { discordEscape, slackEscape } from './notifier';

interface Payload {
  text: string;
  content: string;
  allowed_mentions: { parse: string[] };
  message: { subject: string; message: string };
}

const HOSTILE = {
  firstName: '@everyone <!channel>',
  lastName: '<@U024BE7LH> <@&123456789>',
  email: 'eve@example.com',
  subject: 'Refund [click here](https://evil.example/login) @here',
  message: [
    'Hi <!here> and <@123456789012345678>, see <https://evil.example/a|your invoice> now.',
    '# Big heading',
    '> quoted **bold** ||spoiler|| `code` ~~gone~~ _it_',
    'Tom & Jerry <3 — https://example.com/plain stays a plain address.',
  ].join('\n'),
};

/** What Slack shows for `text`: its three entities read back. */
const slackShows = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
/** What Discord shows for `content`: backslash escapes and zero-width spaces are not seen. */
const discordShows = (text: string) => text.replace(/\u200b/g, '').replace(/\\(.)/g, '$1');

describe('webhook notifications of a hostile message', () => {
  let hook: Awaited<ReturnType<typeof startWebhook<Payload>>>;
  afterAll(async () => hook?.close());

  it('arrive escaped for Slack and for Discord, pinging no one and disguising no link', async () => {
    hook = await startWebhook<Payload>();
    const ctx = await createTestApp({
      contactMaxPerHour: 100,
      notify: { smtpUrl: undefined, emailTo: [], emailFrom: undefined, webhookUrl: hook.url, retryDelaysMs: [] },
    });
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages',
      payload: HOSTILE,
      remoteAddress: '10.5.0.1',
    });
    expect(sent.statusCode).toBe(201);
    await expect.poll(() => hook.received.length, { timeout: 5_000 }).toBe(1);
    const [payload] = hook.received;
    const { text, content } = payload!;

    // Slack: no control sequence survives (mentions, channel pings and <url|label> links).
    for (const raw of ['<!channel>', '<!here>', '<@U024BE7LH>', '<https://evil.example/a|your invoice>', '<3']) {
      expect(text).not.toContain(raw);
    }
    expect(text).toContain('&lt;!channel&gt;');
    expect(text).toContain('&lt;https://evil.example/a|your invoice&gt;');
    expect(text).toContain('Tom &amp; Jerry');

    // Discord: nobody is pinged (the payload says so too), no masked link, no markdown.
    expect(payload!.allowed_mentions).toEqual({ parse: [] });
    expect(content).not.toMatch(/@(everyone|here)/);
    expect(content).not.toMatch(/<[@#]/);
    expect(content).not.toContain('[click here](https://evil.example/login)');
    expect(content).toContain('\\[click here\\](https://evil.example/login)');
    expect(content).toContain('\\*\\*bold\\*\\*');
    expect(content).toContain('\\|\\|spoiler\\|\\|');
    expect(content).toMatch(/^\\# Big heading$/m);
    expect(content).toMatch(/^\\> quoted/m);
    // A bare address stays as it is (it shows where it leads).
    expect(content).toContain('https://example.com/plain');

    // Both still read as the visitor typed it.
    const typed = `New message from ${HOSTILE.firstName} ${HOSTILE.lastName} <${HOSTILE.email}>: ${HOSTILE.subject}\n${HOSTILE.message}`;
    expect(slackShows(text)).toBe(typed);
    expect(discordShows(content)).toBe(typed);
    // The structured copy for other receivers is the data as stored.
    expect(payload!.message.subject).toBe(HOSTILE.subject);
  });

  it('escape each reader’s syntax and nothing else in plain text', () => {
    expect(slackEscape('Hello, world!')).toBe('Hello, world!');
    expect(discordEscape('Hello, world! 3 + 4 = 7.')).toBe('Hello, world! 3 + 4 = 7.');
    expect(discordEscape('@Everyone')).toBe('@\u200bEveryone');
    expect(discordEscape('mail me at ada@example.com')).toBe('mail me at ada@example.com');
  });
});
