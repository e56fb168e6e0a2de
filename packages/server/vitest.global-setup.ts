import pg from 'pg';

/**
 * Once per Vitest run, in the process whose workers run the files: when the run ends, the
 * databases its workers made on PostgreSQL (vitest.setup.ts: `<database>_<this pid>_w<n>`) are
 * dropped.
 */
export default function setup(): () => Promise<void> {
  return async () => {
    const base = process.env.DATABASE_URL;
    if (!base) return;
    const prefix = `${new URL(base).pathname.slice(1) || 'postgres'}_${process.pid}_w`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      const made = await admin.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
        [prefix],
      );
      for (const { datname } of made.rows) {
        if (/^\w{1,60}$/.test(datname))
          await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
    } finally {
      await admin.end();
    }
  };
}
