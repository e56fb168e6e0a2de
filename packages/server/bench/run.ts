/** `npm run bench -w @planner/server`: the server budgets of docs/design.md, Performance budgets. */
import { benchCalDavSync } from './caldav-sync.bench';
import { benchCalendarSync } from './calendar-sync.bench';
import { benchGetTimeStatistics } from './get-time-statistics.bench';
import { benchGetTimeline } from './get-timeline.bench';
import { benchMessageFloor } from './message-floor';
import { benchBaseline, benchMixedLoad, printRatios } from './mixed-load.bench';

await benchGetTimeline();
await benchGetTimeStatistics();
await benchCalendarSync();
await benchCalDavSync();
const { DATABASE_URL: url, ...env } = process.env;
// What the machine charges for one exchange between processes: no call costs less.
await benchMessageFloor();
// The yardstick in the same run: the ratios do not move with the machine's speed or load.
const yardstick = await benchBaseline();
printRatios('SQLite', await benchMixedLoad('SQLite', env), yardstick);
const postgres = process.env.BENCH_DATABASE_URL ?? url;
if (postgres) {
  printRatios(
    'PostgreSQL',
    await benchMixedLoad('PostgreSQL', { ...env, DATABASE_URL: postgres }),
    yardstick,
  );
} else console.log('Mixed load on PostgreSQL: skipped (set DATABASE_URL or BENCH_DATABASE_URL)');
