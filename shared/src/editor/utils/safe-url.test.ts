import { isSafeImageUrl, isSafeLinkUrl, normaliseLinkUrl } from './safe-url';

describe('isSafeImageUrl', () => {
  it('accepts http(s) and same-site paths', () => {
    expect(isSafeImageUrl('https://cdn.example.com/a.png')).toBe(true);
    expect(isSafeImageUrl('/storage/a.png')).toBe(true);
  });

  it('refuses empty, script and data URLs', () => {
    expect(isSafeImageUrl('')).toBe(false);
    expect(isSafeImageUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeImageUrl('data:image/png;base64,AAAA')).toBe(false);
  });
});

describe('normaliseLinkUrl', () => {
  it('adds https:// to a bare host and keeps web, mail, phone and relative links', () => {
    expect(normaliseLinkUrl('example.com/page')).toBe('https://example.com/page');
    expect(normaliseLinkUrl('https://example.com')).toBe('https://example.com');
    expect(normaliseLinkUrl('mailto:a@example.com')).toBe('mailto:a@example.com');
    expect(normaliseLinkUrl('tel:+79990000000')).toBe('tel:+79990000000');
    expect(normaliseLinkUrl('/leads/list')).toBe('/leads/list');
  });

  it('refuses script links and blanks', () => {
    expect(normaliseLinkUrl('javascript:alert(1)')).toBeNull();
    expect(normaliseLinkUrl('  ')).toBeNull();
    expect(isSafeLinkUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeLinkUrl('https://example.com')).toBe(true);
  });
});
