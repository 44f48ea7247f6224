export interface NumberMaskOptions {
  /** Digits allowed after the decimal separator; 0 (the default) makes an integer mask. */
  fractionDigits?: number;
  /** Refuse a minus sign. */
  unsigned?: boolean;
  /** BCP 47 locale whose decimal and grouping separators are used; 'en' by default. */
  locale?: string;
}

export interface NumberSeparators {
  decimal: string;
  group: string;
}

const formatters = new Map<string, Intl.NumberFormat>();

// Latin digits whatever the locale, so the digits the user types are the digits shown.
const formatterFor = (locale: string): Intl.NumberFormat => {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { numberingSystem: 'latn', useGrouping: true });
    formatters.set(locale, formatter);
  }
  return formatter;
};

export function numberSeparators(locale = 'en'): NumberSeparators {
  const parts = formatterFor(locale).formatToParts(1234567.5);
  return {
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    group: parts.find((part) => part.type === 'group')?.value ?? '',
  };
}

/**
 * Formats what is typed into an amount input: grouped integer part, locale decimal separator, fraction
 * cut to `fractionDigits`. Partial input is kept as typed ("12," stays "12," and "0,50" keeps its zero)
 * because the result is written back into the input on every keystroke.
 */
export function formatNumberMask(raw: string, options: NumberMaskOptions = {}): string {
  const { fractionDigits = 0, unsigned = false, locale = 'en' } = options;
  const { decimal } = numberSeparators(locale);
  const negative = !unsigned && raw.trimStart().startsWith('-');
  const cut = raw.indexOf(decimal);
  const integerDigits = (cut === -1 ? raw : raw.slice(0, cut)).replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  const hasFraction = fractionDigits > 0 && cut !== -1;
  const fraction = hasFraction
    ? raw
        .slice(cut + decimal.length)
        .replace(/\D/g, '')
        .slice(0, fractionDigits)
    : '';
  const sign = negative ? '-' : '';
  if (integerDigits === '' && !hasFraction) return sign;
  // BigInt: a long run of digits must not be rounded the way a double would.
  const grouped = formatterFor(locale).format(BigInt(integerDigits || '0'));
  return `${sign}${grouped}${hasFraction ? decimal + fraction : ''}`;
}

/** The number a masked string stands for, or null when it holds no digits. */
export function unmaskNumber(masked: string, locale = 'en'): number | null {
  const { decimal } = numberSeparators(locale);
  const cut = masked.indexOf(decimal);
  const integerDigits = (cut === -1 ? masked : masked.slice(0, cut)).replace(/\D/g, '');
  const fraction = cut === -1 ? '' : masked.slice(cut + decimal.length).replace(/\D/g, '');
  if (integerDigits === '' && fraction === '') return null;
  const magnitude = Number(`${integerDigits || '0'}.${fraction || '0'}`);
  return masked.trimStart().startsWith('-') ? -magnitude : magnitude;
}
