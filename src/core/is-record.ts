/** Whether parsed JSON is an object (not null, not an array): the first check of every pack and model file reader. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
