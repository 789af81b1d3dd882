/**
 * Vitest's global setup of the PostgreSQL database the run's relays use. Invariant: the run
 * creates its own database and drops it when it ends.
 */
import type { TestProject } from 'vitest/node';
import { createTestDatabase } from './database.testkit.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL database of this test run's own, for every relay the tests start. */
    databaseUrl: string;
  }
}

/** One database for the run on the machine's PostgreSQL; dropped when the run ends. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const db = await createTestDatabase('vitest');
  project.provide('databaseUrl', db.url);
  return () => db.drop();
}
