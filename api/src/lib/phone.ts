/**
 * Digits of a phone number in the one form stored in `phone_normalized`: Russian numbers become 7XXXXXXXXXX
 * whether typed as +7…, 8… or without the country code, so every way of typing a number finds the same lead.
 */
export function normalizePhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('8')) return `7${digits.slice(1)}`;
  if (digits.length === 10 && digits.startsWith('9')) return `7${digits}`;
  return digits;
}

/**
 * The digit strings a typed fragment may match inside `phone_normalized`. A fragment starting with 8 may be the
 * domestic trunk prefix, so it is also tried with 7 in its place.
 */
export function phoneSearchVariants(fragment: string): string[] {
  const digits = fragment.replace(/\D/g, '');
  if (digits === '') return [];
  if (digits.length === 11 && digits.startsWith('8')) return [`7${digits.slice(1)}`];
  if (digits.startsWith('8') && digits.length > 1) return [digits, `7${digits.slice(1)}`];
  return [digits];
}
