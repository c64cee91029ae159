/**
 * Reading a Worker var (`[vars]` in wrangler.toml): unset or blank → the default; a value that
 * cannot be used → the default too, and the var named in `warnings` (shown by /health), so a typo
 * is visible instead of silently changing behaviour. Pure; the Worker's config and the gap
 * report's policy read their vars through these.
 */
import { quoteInput } from '../core/index.ts';

/** An `on`/`off` var (any case). */
export function onOffVar(name: string, raw: string | undefined, fallback: boolean, warnings: string[]): boolean {
  const text = raw?.trim();
  if (!text) return fallback;
  const value = text.toLowerCase();
  if (value === 'on' || value === 'off') return value === 'on';
  warnings.push(`${name} ${quoteInput(text)} is not on or off; using ${fallback ? 'on' : 'off'}.`);
  return fallback;
}

/** A whole number within `range` (digits only). */
export function wholeNumberVar(name: string, raw: string | undefined, range: { min: number; max: number }, fallback: number, warnings: string[]): number {
  const text = raw?.trim();
  if (!text) return fallback;
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (n >= range.min && n <= range.max) return n;
  warnings.push(`${name} ${quoteInput(text)} is not a whole number from ${range.min} to ${range.max}; using ${fallback}.`);
  return fallback;
}
