import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { invalid } from '../rpc/errors';
import type { PhoneNumber } from './social-repository';

/** Message keys of phone sign-in, translated by the web app. */
export const PhoneMessage = {
  invalidNumber: 'invalid.phoneNumber',
  /** Wrong, used or expired code (one answer: which of them is nobody's business). */
  invalidCode: 'invalid.verifyCode',
  unknownPurpose: 'invalid.smsPurpose',
} as const;

/**
 * The number in one form whatever way it was typed ('0151 2345 6789' with 49, or
 * '+49 151 23456789'): libphonenumber's country code and national number. Numbers its metadata
 * does not hold valid are refused, so no code is sent (and paid for) to a number that cannot be.
 */
export function normalizePhone(countryCallingCode: string, phoneNumber: string): PhoneNumber {
  const code = countryCallingCode.replace(/^\+/, '').trim();
  const typed = phoneNumber.trim();
  const parsed = typed.startsWith('+')
    ? parse(typed, {})
    : /^\d{1,3}$/.test(code) && typed !== ''
      ? parse(typed, { defaultCallingCode: code })
      : undefined;
  if (!parsed?.isValid()) throw invalid(PhoneMessage.invalidNumber);
  return {
    countryCallingCode: parsed.countryCallingCode,
    phoneNumber: parsed.nationalNumber,
    e164: parsed.number,
  };
}

/** The library throws for some inputs (an unknown calling code) instead of answering none. */
function parse(text: string, options: { defaultCallingCode?: string }) {
  try {
    return parsePhoneNumberFromString(text, options);
  } catch {
    return undefined;
  }
}

/** The number as one key however it was typed, for rate limits ('' when it is not valid). */
export function phoneKey(input: { countryCallingCode: string; phoneNumber: string }): string {
  if (!input.phoneNumber) return '';
  try {
    return normalizePhone(input.countryCallingCode, input.phoneNumber).e164;
  } catch {
    return '';
  }
}

/** The requesting address and the number, for limits per requester ('' when not valid). */
export function perIpAndNumber(
  input: { countryCallingCode: string; phoneNumber: string },
  request: { ip: string },
): string {
  const number = phoneKey(input);
  return number && `${request.ip} ${number}`;
}
