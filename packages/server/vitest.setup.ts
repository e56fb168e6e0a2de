import pg from 'pg';

/**
 * Runs before each server test file. With DATABASE_URL (the suite on PostgreSQL), the worker
 * running the file gets a database of its own, `<database>_<run>_w<pool id>` (the run is the
 * Vitest process, the parent of its workers), created on first use and dropped when the run ends
 * (vitest.global-setup.ts). The test files make their schemas in it (db/test-database.ts), and
 * files on other workers, or in another run beside this one, never hear its LISTEN/NOTIFY
 * channel or see its pg-boss tables.
 */
const base = process.env.DATABASE_URL;
const poolId = process.env.VITEST_POOL_ID;

if (base && poolId && !process.env.PLANNER_TEST_WORKER_DATABASE) {
  const url = new URL(base);
  const name = `${url.pathname.slice(1) || 'postgres'}_${process.ppid}_w${poolId}`;
  if (!/^\w{1,60}$/.test(name)) throw new Error(`unusable test database name ${name}`);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`CREATE DATABASE ${name}`).catch((error: unknown) => {
        // Another file of this worker created it meanwhile.
        if ((error as { code?: string }).code !== '42P04') throw error;
      });
      // A test database outlives no crash: commits need not wait for the WAL to reach the disk
      // (about 1.5 ms a commit here). Every other behaviour of the database stays the same.
      await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
    }
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  process.env.PLANNER_TEST_WORKER_DATABASE = name;
}
