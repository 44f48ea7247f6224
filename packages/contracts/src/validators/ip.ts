// Dotted quad without leading zeros: "010.0.0.1" is octal to some parsers and decimal to others.
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4_PATTERN = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
const HEXTET_PATTERN = /^[0-9A-Fa-f]{1,4}$/;

export const isIpv4 = (value: string): boolean => IPV4_PATTERN.test(value);

/**
 * RFC 4291 text form: eight hextets, one '::' run, an optional dotted-quad tail.
 * Zone ids ("%eth0") are refused: they only mean something on the machine that wrote them.
 */
export function isIpv6(value: string): boolean {
  const halves = value.split('::');
  if (halves.length > 2) return false;
  const compressed = halves.length === 2;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = compressed && halves[1] ? halves[1].split(':') : [];
  const groups = [...head, ...tail];
  // The IPv4 tail must end the address; "1.2.3.4::" has it before the gap.
  const lastIsTail = compressed ? tail.length > 0 : true;
  let count = 0;
  for (const [index, group] of groups.entries()) {
    if (index === groups.length - 1 && lastIsTail && group.includes('.')) {
      if (!isIpv4(group)) return false;
      count += 2;
    } else if (HEXTET_PATTERN.test(group)) {
      count += 1;
    } else {
      return false;
    }
  }
  // '::' stands for at least one zero group.
  return compressed ? count <= 7 : count === 8;
}

export const isIp = (value: string, version?: 4 | 6): boolean => {
  if (version === 4) return isIpv4(value);
  if (version === 6) return isIpv6(value);
  return isIpv4(value) || isIpv6(value);
};
