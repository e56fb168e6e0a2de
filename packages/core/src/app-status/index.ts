export * from './frontend-log';
