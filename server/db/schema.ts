// Drizzle table definitions; the SQL migrations in ./migrations are the source of truth for the database.
// Every table they create is defined in ./schema/ with its columns, defaults, keys, checks and indexes as the
// SQL has them; what Drizzle cannot say (functions, triggers, collations, the optional trigram indexes) stays
// in the SQL alone. Code imports the tables from here.
export * from './schema/accounts.ts';
export * from './schema/contributions.ts';
export * from './schema/models.ts';
export * from './schema/system.ts';
export * from './schema/review.ts';
export * from './schema/prompts.ts';
export * from './schema/pictures.ts';
export * from './schema/interface-languages.ts';
export * from './schema/sentences.ts';
