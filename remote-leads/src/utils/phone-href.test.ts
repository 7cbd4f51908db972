import { phoneHref } from './phone-href';

describe('phoneHref', () => {
  it('keeps the leading plus and the digits only', () => {
    expect(phoneHref('+7 (900) 123-45-67')).toBe('tel:+79001234567');
    expect(phoneHref('8 900 123 45 67')).toBe('tel:89001234567');
  });
});
