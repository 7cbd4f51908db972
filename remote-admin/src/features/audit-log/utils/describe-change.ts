/** One line for the before/after of an entry: the fields that changed, `field: old → new`, or what was there. */
export function describeChange(before: unknown, after: unknown): string {
  const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .map((key) => `${key}: ${show(before[key])} → ${show(after[key])}`)
      .join('; ');
  }
  const side = isRecord(after) ? after : isRecord(before) ? before : undefined;
  if (!side) return '';
  return Object.entries(side)
    .filter(([, value]) => value !== null && typeof value !== 'object')
    .slice(0, 6)
    .map(([key, value]) => `${key}: ${show(value)}`)
    .join('; ');
}
