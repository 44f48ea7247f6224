// Every module's tables, gathered for Drizzle and drizzle-kit. A module owns its own schema file;
// other modules call its functions, never its tables.
export * from '../modules/notification/schema.ts';
