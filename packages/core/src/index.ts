export * from './time/zone';
export * from './rules/index';
export * from './accounts/index';
export * from './recurrence/index';
export * from './timeline/index';
export * from './scheduler/index';
export * from './app-status/index';
