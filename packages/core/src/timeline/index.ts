export * from './types';
export * from './blocks';
export * from './idle';
export * from './travel';
export * from './synthesize';
