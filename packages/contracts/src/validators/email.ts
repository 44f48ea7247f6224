// Dot-atom local part (no quoted forms, which mail providers refuse anyway), at most 64 characters.
const LOCAL_PATTERN = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
// A letters-only top-level domain, or its punycode form (xn--p1ai is .рф).
const TLD_PATTERN = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** A deliverable-looking address: ASCII, dotted domain with a real-looking TLD, RFC 5321 length limits. */
export function isEmail(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at < 1) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  const tld = labels.at(-1) ?? '';
  return (
    local.length <= 64 &&
    LOCAL_PATTERN.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => LABEL_PATTERN.test(label)) &&
    TLD_PATTERN.test(tld)
  );
}
