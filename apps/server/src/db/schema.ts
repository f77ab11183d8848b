// Every table, for the repositories and for drizzle-kit (drizzle.config.ts reads this file to
// generate migrations). Tables live in one file per group; this file only gathers them.

export * from './schema-content';
export * from './schema-copy';
export * from './schema-copy-records';
export * from './schema-core';
export * from './schema-execution';
export * from './schema-execution-quality';
export * from './schema-funds';
export * from './schema-kyc';
export * from './schema-legal';
export * from './schema-outbox';
export * from './schema-staff';
export * from './schema-support';
export * from './schema-trading';
export * from './schema-uploads';
