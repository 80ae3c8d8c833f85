// Secrets at rest (issue 23): two-factor secrets are sealed with AES-256-GCM under a key derived from
// SECRET_KEY, so a copy of the database or a backup alone does not give them away. Without
// SECRET_KEY a random key is generated once and kept in DATA_DIR/secret-key (mode 0600).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_FILE = 'secret-key';

export interface SecretBox {
  /** `v1.<iv>.<ciphertext+tag>` in base64url; a fresh IV each time. */
  seal(plain: string): string;
  /** The plain text, or throws when the value was sealed with another key or altered. */
  open(sealed: string): string;
}

/** SECRET_KEY, or the key kept in DATA_DIR (made on first use). */
export function resolveSecretKey(config: { secretKey?: string | undefined; dataDir: string }): string {
  if (config.secretKey) return config.secretKey;
  const file = path.join(config.dataDir, SECRET_KEY_FILE);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  // 'wx': two processes starting at once do not overwrite each other's key; the loser reads the winner's.
  try {
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
}

export function secretBox(secretKey: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'studio-site', 'secret-box v1', 32));
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed) {
      const [version, iv, body] = sealed.split('.');
      if (version !== VERSION || !iv || !body) throw new Error('Not a sealed secret');
      const bytes = Buffer.from(body, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
