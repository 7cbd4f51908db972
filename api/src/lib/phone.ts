import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

const DEFAULT_PHONE_REGION = 'RU';

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

export const INVALID_PHONE_MESSAGE = 'Некорректный номер телефона';

export interface ParsedPhone {
  /** International display form, e.g. '+7 912 345 67 89'. */
  display: string;
  /** E.164 digits, e.g. '79123456789': the same digits `normalizePhone` gives, so search keeps working. */
  normalized: string;
}

/**
 * A phone as typed in the form or a CSV cell, validated with libphonenumber-js (full metadata, default region RU:
 * '8 912 …' and '912 …' are Russian numbers). Undefined when it is not a possible, valid number.
 */
export function parsePhone(input: string): ParsedPhone | undefined {
  const phone = parsePhoneNumberFromString(input, DEFAULT_PHONE_REGION);
  if (!phone?.isValid()) return undefined;
  return { display: phone.formatInternational(), normalized: phone.number.slice(1) };
}
