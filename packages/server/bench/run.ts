/** `npm run bench -w @planner/server`: the server budgets of docs/design.md, Performance budgets. */
import { benchCalDavSync } from './caldav-sync.bench';
import { benchCalendarSync } from './calendar-sync.bench';
import { benchGetTimeStatistics } from './get-time-statistics.bench';
import { benchGetTimeline } from './get-timeline.bench';
import { benchMixedLoad } from './mixed-load.bench';

await benchGetTimeline();
await benchGetTimeStatistics();
await benchCalendarSync();
await benchCalDavSync();
const { DATABASE_URL: url, ...env } = process.env;
await benchMixedLoad('SQLite', env);
const postgres = process.env.BENCH_DATABASE_URL ?? url;
if (postgres) await benchMixedLoad('PostgreSQL', { ...env, DATABASE_URL: postgres });
else console.log('Mixed load on PostgreSQL: skipped (set DATABASE_URL or BENCH_DATABASE_URL)');
