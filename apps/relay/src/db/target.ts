/**
 * Where user-owned data lives: a PostgreSQL server, or PGlite embedded in this process. Its own
 * file, so config.ts names it without importing the database (which logs, and the logger reads
 * the config: an import cycle). Invariant: this file imports nothing.
 */
export type DatabaseTarget =
  | { readonly kind: 'postgres'; readonly url: string }
  /** A folder of its own (never shared by two processes), or 'memory://' for nothing on disk. */
  | { readonly kind: 'pglite'; readonly dir: string };
