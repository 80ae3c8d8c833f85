// npm run user:create -- <username> [--admin]   (asks for the password, or reads NEW_USER_PASSWORD)
import { createInterface } from 'node:readline/promises';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { COMMON_PASSWORD, isCommonPassword } from '../src/server/lib/common-passwords';
import { hashPassword } from '../src/server/lib/passwords';
import { usersRepo } from '../src/server/modules/users/users.repo';
import { CreateUserInputSchema } from '../src/shared/schemas/users';

async function askPassword(): Promise<string> {
  if (process.env.NEW_USER_PASSWORD) return process.env.NEW_USER_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const password = await rl.question('Password (at least 4 characters): ');
  rl.close();
  return password;
}

async function main() {
  const args = process.argv.slice(2);
  const username = args.find((a) => !a.startsWith('--'));
  if (!username) {
    console.error('Usage: npm run user:create -- <username> [--admin]');
    process.exit(2);
  }
  const parsed = CreateUserInputSchema.safeParse({
    username,
    password: await askPassword(),
    isAdmin: args.includes('--admin'),
  });
  if (!parsed.success) {
    console.error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
    process.exit(2);
  }
  if (isCommonPassword(parsed.data.password)) {
    console.error(`password: ${COMMON_PASSWORD}`);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const users = usersRepo(database.db);
    if (await users.usernameTaken(parsed.data.username)) {
      console.error(`The username "${parsed.data.username}" is already taken`);
      process.exitCode = 1;
      return;
    }
    const user = await users.create({
      username: parsed.data.username,
      passwordHash: await hashPassword(parsed.data.password),
      isAdmin: parsed.data.isAdmin,
    });
    console.log(`Created ${user.isAdmin ? 'administrator' : 'user'} "${user.username}" (id ${user.id})`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
