declare module 'vitest' {
  /** What `@toolloop/test-postgres/global-setup` hands the tests of a run. */
  export interface ProvidedContext {
    /** The connection string of the run's PostgreSQL server (its superuser, its `postgres` database). */
    postgresUrl: string;
  }
}

export {};
