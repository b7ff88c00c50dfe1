import { parseArgs } from 'node:util';
import { loadConfig, prepareDataDir } from '../config.js';
import { ensureAdmin } from '../db/bootstrap.js';
import { openDatabase } from '../db/client.js';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
  },
});
const email = values.email ?? process.env.ADMIN_EMAIL;
const password = values.password ?? process.env.ADMIN_PASSWORD;
if (!email || !password) {
  console.error(
    'Usage: npm run create-admin -- --email you@example.com --password "a long password" [--first-name A --last-name B]',
  );
  process.exit(2);
}
const config = loadConfig();
prepareDataDir(config);
const database = await openDatabase(config);
try {
  await database.migrate();
  const result = await ensureAdmin(
    database.db,
    { email, password, firstName: values['first-name'], lastName: values['last-name'] },
    { onlyIfNoAdmin: false },
  );
  console.log(result === 'created' ? `Admin ${email} created.` : `A user with the e-mail ${email} already exists.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
