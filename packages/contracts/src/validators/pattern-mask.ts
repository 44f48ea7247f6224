// The tokens of spec §5, ASCII only like the mask library the original client used (maska).
const TOKENS = new Map<string, RegExp>([
  ['#', /[0-9]/],
  ['@', /[A-Za-z]/],
  ['*', /[A-Za-z0-9]/],
]);

/**
 * Fits typed or pasted text into a pattern: token slots take the next fitting character (others are
 * dropped), literals are written out, and a literal already present in the input is consumed rather than
 * doubled, so masking masked text changes nothing. Output stops with the input, leaving no dangling
 * literal that the user would have to delete.
 */
export function applyPatternMask(pattern: string, raw: string): string {
  let output = '';
  let index = 0;
  for (const symbol of pattern) {
    if (index >= raw.length) break;
    const token = TOKENS.get(symbol);
    if (!token) {
      output += symbol;
      if (raw.startsWith(symbol, index)) index += symbol.length;
      continue;
    }
    while (index < raw.length && !token.test(raw.charAt(index))) index++;
    if (index >= raw.length) break;
    output += raw.charAt(index);
    index++;
  }
  return output;
}
