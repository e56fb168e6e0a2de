export * from './categories';
export * from './category-icons';
export * from './tiers';
