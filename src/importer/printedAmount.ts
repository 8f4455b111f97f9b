/**
 * An attack's damage or a weakness's or resistance's value, as printed, in one spelling:
 *   digits with at most one operator, `+`, `×` or `-`, before or after them
 *   (damage `30`, `30+`, `50×`, `10-`; weakness `×2`, `+20`; resistance `-30`).
 * TCGdex spells the same print several ways across languages and eras, so the operator is
 * normalized: `x`, `X`, full-width `ｘ` → `×`; full-width `＋` → `+`; minus sign `−`, full-width
 * `－`, subscript `₋`, dashes → `-`; full-width digits become ASCII; spaces go. An integer becomes
 * its digits. Empty or absent is null. Anything else (`?`, `n/a`, energy symbols) is not a printed
 * amount this rule knows, and is kept exactly as the source wrote it.
 */
const AMOUNT = /^([+×-]?)(\d+)([+×-]?)$/;
/** Most values are already spelled so: they are kept without the work below. */
const ALREADY_PRINTED = /^(?:[+×-]?\d+|\d+[+×-])$/;

const OPERATOR_SPELLINGS: ReadonlyArray<[RegExp, string]> = [
  [/[xX]/g, '×'],
  [/[\u2212\u2010-\u2015]/g, '-'],
];

export function printedAmount(value: string | number | undefined | null): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return String(value);
  if (ALREADY_PRINTED.test(value)) return value;
  if (value.trim() === '') return null;
  // NFKC turns full-width digits and signs into ASCII, and the subscript minus into U+2212.
  let text = value.normalize('NFKC').replace(/\s+/g, '');
  for (const [spelling, operator] of OPERATOR_SPELLINGS) text = text.replace(spelling, operator);
  const parts = AMOUNT.exec(text);
  if (!parts || (parts[1] !== '' && parts[3] !== '')) return value;
  return text;
}
