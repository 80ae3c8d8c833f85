// Starts the server: config, database (migrated and seeded), listen, and a graceful shutdown.
import { ConfigError, loadConfig, startupWarnings } from './config';
import { openDatabase } from './db/client';
import { seed } from './seed/seed';
import { paths } from '../shared/paths';
import { buildApp } from './app';
import { developmentWeb, productionWeb } from './ssr/web';

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

  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  // On PostgreSQL, migrations and the first seed take turns under an advisory lock (several instances may start at once).
  await database.migrate();
  const web = config.nodeEnv === 'development' ? await developmentWeb() : productionWeb();
  const app = await buildApp({ config, database, web });
  const warnings = startupWarnings(config);
  for (const warning of warnings) app.log.warn(warning);
  const result = await database.exclusive(() => seed(database.db, config, app.log));
  // Housekeeping: sessions past their idle or absolute expiry are removed at every start.
  await app.deps.repos.sessions.prune();

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
  const where = database.engine === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  // The studio's name as Site Settings has it (SITE_NAME is only its first-run default).
  const { name } = await app.deps.repos.siteSettings.get();
  const signIn = `${config.siteUrl}${paths.admin.auth}`;
  const lines = [`${name} is running at ${config.siteUrl} (${where})`];
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
    const [admin] = (await app.deps.repos.users.list()).filter((user) => user.isAdmin);
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
  console.log(`\n  ${lines.join('\n  ')}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
