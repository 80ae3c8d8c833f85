// Reading a ZIP the server sent (press kits), entry by entry, in the API tests.
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';

/** Every entry of a ZIP: name → bytes, in archive order. */
export function unzip(buffer: Buffer): Promise<[string, Buffer][]> {
  return new Promise((resolve, reject) => {
    fromBuffer(buffer, { lazyEntries: true }, (error: Error | null, zip: ZipFile) => {
      if (error) return reject(error);
      const out: [string, Buffer][] = [];
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.push([entry.fileName, Buffer.concat(chunks)]);
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
