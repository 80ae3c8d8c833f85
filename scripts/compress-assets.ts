// After `vite build`: brotli and gzip copies of every text asset, served as they are.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = path.resolve('dist/client/assets');
let count = 0;
for (const name of readdirSync(dir)) {
  if (!/\.(js|css|svg|json|txt|map)$/.test(name)) continue;
  const file = path.join(dir, name);
  if (statSync(file).size < 512) continue;
  const data = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  count++;
}
console.log(`compressed ${count} assets (brotli and gzip)`);
