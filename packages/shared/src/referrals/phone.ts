/** A phone number as a person reads it and as a phone dials it. */
export interface PhoneDisplay {
  /** '(512) 555-0134' for a North American number, else the number as stored. */
  readonly text: string;
  /** The tel: address: the digits, with a leading + kept; null when there is nothing to dial. */
  readonly href: string | null;
}

/**
 * Formats a stored phone number. The upstream sends US numbers as bare digits ('5125550134'),
 * sometimes with a country code 1 or punctuation; those read as '(512) 555-0134'. Anything else
 * (an extension, a foreign number) is shown as stored, so nothing a caller needs is lost.
 */
export const formatPhone = (raw: string | null | undefined): PhoneDisplay | null => {
  const stored = (raw ?? '').trim();
  if (stored === '') return null;
  const digits = stored.replace(/\D/g, '');
  if (digits === '') return { text: stored, href: null };
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  const punctuationOnly = /^\+?[\d\s().-]+$/.test(stored);
  if (national.length === 10 && punctuationOnly) {
    return {
      text: `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`,
      href: `tel:+1${national}`,
    };
  }
  // Only the number before any words (an extension) is dialled.
  const lead = (/^\+?[\d\s().-]+/.exec(stored)?.[0] ?? '').replace(/\D/g, '');
  return {
    text: stored,
    href: lead === '' ? null : `tel:${stored.startsWith('+') ? '+' : ''}${lead}`,
  };
};
