// The few workerd test modules these tests use, typed narrowly. The full @cloudflare/workers-types
// would replace the DOM and Node globals the rest of the project is typed against.
declare module 'cloudflare:test' {
  import type { ExecutionContext } from 'hono';
  export function createExecutionContext(): ExecutionContext;
  export function waitOnExecutionContext(ctx: ExecutionContext): Promise<void>;
}

declare module 'cloudflare:workers' {
  export const env: unknown;
  export const exports: unknown;
}
