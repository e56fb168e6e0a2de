export * from './rule';
export * from './rule-check';
export * from './expand';
export * from './scopes';
export { toFloating, fromFloating, zoneOffsetAt } from './zone-offsets';
