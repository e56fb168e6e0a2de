import { APP_VERSION, RpcService } from '@planner/protocol';
import { defineMethod } from './define-method';

/** Version of the planning algorithm; bump when the engine's plans change for the same input. */
const ALGORITHM_VERSION = '1';

export const metaMethod = defineMethod(RpcService.method.meta, {
  auth: 'none',
  handler: async () => ({ version: APP_VERSION, algorithm: { version: ALGORITHM_VERSION } }),
});
