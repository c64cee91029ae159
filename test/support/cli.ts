import { main } from '../../src/cli/main.ts';

/** The CLI run in-process with `argv`: its exit code and what it wrote to stdout and stderr. */
export async function runCli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, (s) => out.push(s), (s) => err.push(s));
  return { code, out: out.join('\n'), err: err.join('\n') };
}
