// The package mirror used here lacks Tailwind's native binaries for other platforms, so npm leaves
// them out of package-lock.json and `npm ci` then refuses the lock. This adds their entries (as the
// public registry has them); npm never downloads them on a platform they are not for.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const oxide = lock.packages['node_modules/@tailwindcss/oxide'];
const platforms = {
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'freebsd-x64': { os: ['freebsd'], cpu: ['x64'] },
  'linux-arm-gnueabihf': { os: ['linux'], cpu: ['arm'] },
  'wasm32-wasi': { cpu: ['wasm32'] },
  'win32-arm64-msvc': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
};
let added = 0;
for (const [name, target] of Object.entries(platforms)) {
  const key = `node_modules/@tailwindcss/oxide-${name}`;
  if (lock.packages[key]) continue;
  lock.packages[key] = {
    version: oxide.version,
    ...target,
    dev: true,
    license: 'MIT',
    optional: true,
    engines: { node: '>= 20' },
  };
  added++;
}
// npm keeps packages sorted by path.
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`added ${added} lock entries`);
