import cluster from 'node:cluster';
import { performance } from 'node:perf_hooks';
import { runPrimary } from './cluster';
import { ConfigError, loadConfig } from './config';
import { dataLocation, migrateConfiguredDatabase } from './configured-database';
import { DatabaseUnreachableError } from './db/database';
import { SchemaTooNewError } from './db/migrate';

/** Refusals an operator can act on: one line, no stack. */
function isOperatorError(error: unknown): error is Error {
  return (
    error instanceof ConfigError ||
    error instanceof DatabaseUnreachableError ||
    error instanceof SchemaTooNewError
  );
}

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) {
    await runPrimary(config, {
      prepare: () => migrateConfiguredDatabase(config),
      where: dataLocation(config),
      started,
    });
    return;
  }
  // Loaded only here: the cluster's primary serves nothing and stays small without the app.
  const { serve } = await import('./serve');
  await serve(config, started);
}

main().catch((error: unknown) => {
  if (isOperatorError(error)) {
    console.error(`Planner cannot start: ${error.message}`);
  } else {
    console.error('Planner cannot start:', error);
  }
  process.exit(1);
});
