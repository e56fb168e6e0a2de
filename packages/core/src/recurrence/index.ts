export * from './rule';
export * from './expand';
export { toFloating, fromFloating, zoneOffsetAt } from './zone-offsets';
