/**
 * Thelia's DATETIME columns hold the PHP server's local time without a zone. The exporter
 * reads them as text and attaches the offset given with --timezone (default UTC, "Z").
 */
export function parseOffset(spec: string | undefined): string {
  if (!spec || spec === 'Z' || spec.toUpperCase() === 'UTC') return 'Z';
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(spec);
  if (!m) throw new RangeError(`not a UTC offset such as +01:00: ${spec}`);
  return `${m[1]}${m[2]}:${m[3]}`;
}

/** "2024-03-01 10:20:30" -> "2024-03-01T10:20:30+01:00"; null for NULL and zero dates. */
export function toIso(value: unknown, offset: string): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value);
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(text);
  if (!m || m[1] === '0000' || m[2] === '00' || m[3] === '00') return null;
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${offset}`;
}
