/**
 * The yardstick of the mixed load (mixed-load.bench.ts): the least a server of the same stack
 * does per call. Fastify and better-sqlite3, one JSON POST that reads one row by its primary key
 * from a table of 10,000 and answers it as JSON. Measured in the same run as the mixed load, so
 * the ratio between them does not move with the machine's speed or load. Prints {"port": n}.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import Fastify from 'fastify';

const ROWS = 10_000;
const dir = mkdtempSync(join(tmpdir(), 'planner-baseline-'));
const db = new BetterSqlite3(join(dir, 'baseline.db'));
db.pragma('journal_mode = WAL');
db.exec(
  'create table items (id integer primary key, user_id text not null, title text not null, updated_at integer not null)',
);
const insert = db.prepare('insert into items (id, user_id, title, updated_at) values (?, ?, ?, ?)');
db.transaction(() => {
  for (let id = 1; id <= ROWS; id += 1) insert.run(id, `user-${id % 100}`, `Item ${id}`, id * 1000);
})();
const read = db.prepare('select id, user_id, title, updated_at from items where id = ?');

const app = Fastify({ logger: false });
app.post<{ Body: { id: number } }>('/read', async (request) => read.get(request.body.id) ?? {});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));

const stop = async () => {
  await app.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
