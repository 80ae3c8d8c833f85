// Which browser the end-to-end suite drives (scripts/find-browser.ts), on a machine of any kind.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findBrowser, NO_BROWSER } from '../scripts/find-browser';

const dir = mkdtempSync(path.join(os.tmpdir(), 'find-browser-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fakeBinary(name: string, executable = true): string {
  const file = path.join(dir, name);
  writeFileSync(file, '#!/bin/sh\n');
  chmodSync(file, executable ? 0o755 : 0o644);
  return file;
}

describe('findBrowser', () => {
  it('takes CHROMIUM_PATH first', () => {
    const file = fakeBinary('my-chrome');
    expect(findBrowser({ CHROMIUM_PATH: file, PATH: '' })).toEqual({ executablePath: file, source: 'CHROMIUM_PATH' });
  });

  it('says so when CHROMIUM_PATH is not an executable file, and how to get a browser', () => {
    const found = findBrowser({ CHROMIUM_PATH: path.join(dir, 'missing'), PATH: '' });
    expect(found).toEqual({ error: expect.stringContaining('CHROMIUM_PATH is set to') });
    expect((found as { error: string }).error).toContain(NO_BROWSER);
    expect(findBrowser({ CHROMIUM_PATH: fakeBinary('not-executable', false), PATH: '' })).toHaveProperty('error');
  });

  it('finds chromium-browser or google-chrome on PATH', () => {
    const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'find-browser-empty-'));
    for (const name of ['chromium-browser', 'google-chrome']) {
      const file = fakeBinary(name);
      expect(findBrowser({ PATH: [elsewhere, dir].join(path.delimiter) })).toEqual({
        executablePath: file,
        source: `\`${name}\` on PATH`,
      });
      rmSync(file);
    }
    rmSync(elsewhere, { recursive: true });
  });

  it('otherwise answers with a system or Playwright browser, or the one line on how to get one', () => {
    const found = findBrowser({ PATH: '' });
    if ('error' in found) expect(found.error).toBe(NO_BROWSER);
    else expect(found.executablePath).toMatch(/chrom/i);
  });
});
