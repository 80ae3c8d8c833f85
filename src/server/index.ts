// Starts the server: config, database (migrated and seeded), listen, and a graceful shutdown. On
// PostgreSQL with more than one process to serve (WEB_CONCURRENCY, decision 129), this process is
// the primary of a `node:cluster`: it migrates and seeds once, then forks the workers (cluster.ts),
// each of which runs serve() below, the same full instance as a single process.
import cluster from 'node:cluster';
import { ConfigError, loadConfig, serverProcesses, startupWarnings, type Config } from './config';
import { announceListening, runPrimary } from './cluster';
import { openDatabase, type Database } from './db/client';
import { seed, type SeedResult } from './seed/seed';
import { siteSettingsRepo } from './modules/site/site-settings.repo';
import { usersRepo } from './modules/users/users.repo';
import { sessionsRepo } from './modules/auth/sessions.repo';
import { paths } from '../shared/paths';
import { buildApp } from './app';
import { developmentWeb, productionWeb } from './ssr/web';

/** Migrations, the first seed and session housekeeping: once per start (in the primary of a cluster). */
async function prepare(config: Config, database: Database, log: { info(message: string): void }) {
  // Migrations and the first seed take turns under an advisory lock (other machines' instances may start at once).
  await database.migrate();
  const result = await database.exclusive(() => seed(database.db, config, log));
  // Housekeeping: sessions past their idle or absolute expiry are removed at every start.
  await sessionsRepo(database.db, () => new Date()).prune();
  return result;
}

/** The start-up banner: where the site runs, where to sign in, and what to look at. */
async function banner(
  config: Config,
  database: Database,
  result: SeedResult,
  warnings: string[],
  processes: number,
): Promise<string> {
  const where = database.engine === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  // The studio's name as Site Settings has it (SITE_NAME is only its first-run default).
  const { name } = await siteSettingsRepo(database.db, config, () => new Date()).get();
  const signIn = `${config.siteUrl}${paths.admin.auth}`;
  const lines = [`${name} is running at ${config.siteUrl} (${where})`];
  if (processes > 1) lines.push(`${processes} worker processes serve port ${config.port} (WEB_CONCURRENCY)`);
  if (result.adminCreated) {
    lines.push(`Sign in at ${signIn} as "${config.adminUsername}"`);
    if (result.generatedPassword) {
      lines.push(`with the generated password: ${result.generatedPassword}`);
      lines.push('(shown only this once; change it under Users > Change Password)');
    } else {
      lines.push('with the password from ADMIN_PASSWORD');
    }
  } else {
    // Every start says where to sign in, and as whom (never a password).
    const [admin] = (await usersRepo(database.db).list()).filter((user) => user.isAdmin);
    lines.push(`Staff sign in at ${signIn}${admin ? ` (administrator "${admin.username}")` : ''}`);
  }
  if (result.demoContentCreated) {
    lines.push(
      '',
      'The site shows a demo studio. Remove it in the admin (Site Settings > Remove the demo content),',
      'or start an empty site instead: SEED_DEMO_CONTENT=false with a new database.',
    );
  }
  for (const warning of warnings) lines.push('', `WARNING: ${warning}`);
  return `\n  ${lines.join('\n  ')}\n`;
}

/**
 * One serving process: a single process (prepare first, banner after), or a cluster worker (the
 * primary prepared and prints the banner; the worker says when it listens).
 */
async function serve(config: Config, role: 'single' | 'worker') {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  // On PostgreSQL, migrations and the first seed take turns under an advisory lock (several instances may start at once).
  if (role === 'single') await database.migrate();
  const web = config.nodeEnv === 'development' ? await developmentWeb() : productionWeb();
  const app = await buildApp({ config, database, web });
  const warnings = startupWarnings(config);
  let result: SeedResult | undefined;
  if (role === 'single') {
    for (const warning of warnings) app.log.warn(warning);
    result = await database.exclusive(() => seed(database.db, config, app.log));
    // Housekeeping: sessions past their idle or absolute expiry are removed at every start.
    await app.deps.repos.sessions.prune();
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error(error, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (role === 'worker') announceListening();
  else console.log(await banner(config, database, result!, warnings, 1));
}

/** The primary of a cluster: prepares the database once, then keeps `count` workers serving. */
async function primary(config: Config, count: number) {
  const log = {
    info: (message: string) => console.log(message),
    error: (message: string) => console.error(message),
  };
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  let text: string;
  try {
    const result = await prepare(config, database, log);
    text = await banner(config, database, result, startupWarnings(config), count);
  } finally {
    await database.close();
  }
  runPrimary({ count, log, onListening: () => console.log(text) });
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (cluster.isWorker) return serve(config, 'worker');
  const { count } = serverProcesses(config);
  if (count > 1) return primary(config, count);
  return serve(config, 'single');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
