export * from './email';
export * from './locale';
export * from './password';
export * from './referral';
