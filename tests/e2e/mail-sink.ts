// The end-to-end site's mail server (issue 21): a real SMTP server that keeps every email it is sent
// as a file in MAIL_SINK_DIR (one .eml each), so a spec can read the deletion request's confirmation
// link as the visitor would. Started by playwright.config.ts beside the site; stopped with it.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.MAIL_SINK_PORT);
const dir = process.env.MAIL_SINK_DIR!;
mkdirSync(dir, { recursive: true });
let n = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      writeFileSync(path.join(dir, `${Date.now()}-${++n}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
server.listen(port, '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
