// Writes src/server/lib/common-passwords.txt: the 10,000 most common passwords (issue 23), one a
// line, lower-cased after NFKC, from the ranked dictionary of @zxcvbn-ts/language-common (MIT).
//   npx tsx scripts/common-passwords.ts [path to the package's folder]
// The package is not a dependency: give the folder of its unpacked tarball (`npm pack
// @zxcvbn-ts/language-common`) when it is not in node_modules. Made from version 4.1.3.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalizeForList } from '../src/server/lib/common-passwords';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COUNT = 10_000;

const pkg = process.argv[2] ?? path.join(ROOT, 'node_modules/@zxcvbn-ts/language-common');
const ranked = JSON.parse(readFileSync(path.join(pkg, 'src/passwords.json'), 'utf8')) as string[];
const top = new Set<string>();
for (const password of ranked) {
  if (top.size === COUNT) break;
  top.add(normalizeForList(password));
}
writeFileSync(path.join(ROOT, 'src/server/lib/common-passwords.txt'), `${[...top].join('\n')}\n`);
console.log(`Wrote ${top.size} passwords.`);
