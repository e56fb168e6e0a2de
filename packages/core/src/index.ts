export * from './time/zone';
export * from './rules/index';
export * from './accounts/index';
export * from './recurrence/index';
