// The one list of schema files, read by drizzle-kit (drizzle.config.ts) and by the database client.
export * from './accounts';
export * from './applications';
export * from './audit';
export * from './auth';
export * from './coupons';
export * from './discovery';
export * from './gifts';
export * from './holds';
export * from './ledger';
export * from './outbox';
export * from './payouts';
export * from './profiles';
export * from './realtime';
export * from './programs';
export * from './services';
export * from './system';
export * from './wallet';
