import { openDatabase } from '/work/main/src/server/db/client';
let t=Date.now();
const d = await openDatabase({dataDir:'memory://'});
console.log('create', Date.now()-t); t=Date.now();
await d.migrate(); console.log('migrate', Date.now()-t); t=Date.now();
const { PGlite } = await import('@electric-sql/pglite');
// @ts-ignore
const blob = await (d as any).db.$client.dumpDataDir('none'); console.log('dump', Date.now()-t, blob.size); t=Date.now();
const p = await PGlite.create({loadDataDir: blob}); console.log('load', Date.now()-t); t=Date.now();
console.log((await p.query('select count(*) from users')).rows);
