// The few workerd test modules these tests use, typed narrowly. The full @cloudflare/workers-types
// would replace the DOM and Node globals the rest of the project is typed against.
declare module 'cloudflare:test' {
  import type { ExecutionContext } from 'hono';
  export function createExecutionContext(): ExecutionContext;
  export function waitOnExecutionContext(ctx: ExecutionContext): Promise<void>;
  export interface D1Migration {
    name: string;
    queries: string[];
  }
  /** Applies the migrations not yet applied to `db` (read in Node by readD1Migrations). */
  export function applyD1Migrations(db: unknown, migrations: D1Migration[], migrationsTableName?: string): Promise<void>;
}

declare module 'cloudflare:workers' {
  export const env: unknown;
  export const exports: unknown;
}
