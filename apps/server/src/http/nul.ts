/**
 * The path of the first string holding a NUL character (`_` for the value itself), or null. PostgreSQL text
 * cannot store NUL, so such input is refused as bad input before it reaches the database as a 500.
 */
export function nulAt(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '_' : null;
  if (!value || typeof value !== 'object' || depth > 8) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulAt(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}
