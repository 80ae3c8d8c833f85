// Which Chromium the end-to-end tests and the screenshots drive: CHROMIUM_PATH, else a Chromium or
// Chrome installed on the system, else Playwright's own download. Run as a script (the first step
// of `npm run test:e2e`), it prints the choice, or one line saying how to get a browser and fails.
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export interface FoundBrowser {
  executablePath: string;
  /** Where it was found, for the message. */
  source: string;
}

export const NO_BROWSER =
  'No Chromium for the end-to-end tests: install one (Debian/Ubuntu: `apt-get install chromium`; ' +
  'elsewhere: `npx playwright install chromium`) or set CHROMIUM_PATH to a Chromium or Chrome binary.';

const COMMANDS = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
const USUAL_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
];

function isExecutable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, command);
    if (isExecutable(file)) return file;
  }
  return undefined;
}

function playwrightChromium(): string | undefined {
  try {
    const file = chromium.executablePath();
    return file && isExecutable(file) ? file : undefined;
  } catch {
    // An unsupported platform: Playwright has no build for it.
    return undefined;
  }
}

/** The browser to drive, or an error line saying what is missing. */
export function findBrowser(env: NodeJS.ProcessEnv = process.env): FoundBrowser | { error: string } {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured) {
    if (isExecutable(configured)) return { executablePath: configured, source: 'CHROMIUM_PATH' };
    return { error: `CHROMIUM_PATH is set to ${configured}, which is not an executable file. ${NO_BROWSER}` };
  }
  for (const command of COMMANDS) {
    const file = onPath(command, env);
    if (file) return { executablePath: file, source: `\`${command}\` on PATH` };
  }
  for (const file of USUAL_PATHS) {
    if (isExecutable(file)) return { executablePath: file, source: 'installed on this system' };
  }
  const own = playwrightChromium();
  if (own) return { executablePath: own, source: "Playwright's own Chromium" };
  return { error: NO_BROWSER };
}

/** The browser's path, or throws the one-line explanation. */
export function browserPath(env: NodeJS.ProcessEnv = process.env): string {
  const found = findBrowser(env);
  if ('error' in found) throw new Error(found.error);
  return found.executablePath;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = findBrowser();
  if ('error' in found) {
    console.error(found.error);
    process.exit(1);
  }
  console.log(`End-to-end browser: ${found.executablePath} (${found.source})`);
}
