export * from './chain';
export * from './codec';
export * from './errors';
export * from './headers';
export * from './plain';
export * from './registry';
export * from './gen/planner/v1/rpc_pb';
export * from './gen/planner/v1/accounts_pb';
