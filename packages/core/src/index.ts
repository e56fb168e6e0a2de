export * from './time/zone';
