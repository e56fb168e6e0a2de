import { ConfigError, loadConfig } from '../config';
import { openConfiguredDatabase } from '../configured-database';
import { migrateToLatest } from '../db/migrate';
import { ADMIN_USAGE, AdminUsageError, runAdmin } from './admin';

/** `npm run admin -- ...`: the operator's commands against the configured database. */
async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config, (error) =>
    console.error(`Database connection lost: ${error.message}`),
  );
  try {
    await migrateToLatest(database);
    console.log(await runAdmin(database.db, process.argv.slice(2), Date.now()));
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof AdminUsageError) {
      console.error(`${error.message}\n${ADMIN_USAGE}`);
    } else if (error instanceof ConfigError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
