export { buildApp, type AppOptions } from './app';
export { loadConfig, type Config } from './config';
export { ManualClock, systemClock, type Clock } from './clock';
