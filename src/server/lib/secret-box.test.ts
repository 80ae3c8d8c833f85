import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveSecretKey, SECRET_KEY_FILE, secretBox } from './secret-box';

const dir = mkdtempSync(path.join(tmpdir(), 'secret-box-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('secretBox', () => {
  const box = secretBox('a-key-of-at-least-thirty-two-characters!');

  it('opens what it sealed, and seals the same text differently each time', () => {
    const a = box.seal('JBSWY3DPEHPK3PXP');
    const b = box.seal('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(a)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a value sealed with another key, or altered', () => {
    const sealed = box.seal('secret');
    expect(() => secretBox('another-key-of-at-least-thirty-two-chars').open(sealed)).toThrow();
    const altered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(altered)).toThrow();
    expect(() => box.open('plain')).toThrow();
  });
});

describe('resolveSecretKey', () => {
  it('uses SECRET_KEY when it is set', () => {
    expect(resolveSecretKey({ secretKey: 'k'.repeat(32), dataDir: dir })).toBe('k'.repeat(32));
  });

  it('generates a key once in DATA_DIR, readable only by its owner, and keeps it', () => {
    const first = resolveSecretKey({ secretKey: undefined, dataDir: dir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveSecretKey({ secretKey: undefined, dataDir: dir })).toBe(first);
    const file = path.join(dir, SECRET_KEY_FILE);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });
});
