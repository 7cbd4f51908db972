import { formatDate, formatDateTime, formatRelativeTime } from './format-date';

// 14:50 in the zone the tests run in, which is also the zone the formatter writes in.
const moment = new Date(2026, 10, 26, 14, 50);
const NOW = moment.getTime();

describe('formatDate and formatDateTime', () => {
  it('write a day one way per language', () => {
    expect(formatDate(moment, 'ru')).toBe('26 нояб. 2026 г.');
    expect(formatDate(moment, 'en')).toBe('Nov 26, 2026');
    expect(formatDate(moment, 'fr')).toBe('26 nov. 2026');
    expect(formatDate(moment.toISOString(), 'ru')).toBe('26 нояб. 2026 г.');
  });

  it('write a moment with its time one way per language', () => {
    expect(formatDateTime(moment, 'ru')).toBe('26 нояб. 2026 г., 14:50');
    expect(formatDateTime(moment, 'en')).toMatch(/^Nov 26, 2026, 2:50\sPM$/u);
    expect(formatDateTime(moment, 'fr')).toBe('26 nov. 2026, 14:50');
    expect(formatDateTime(moment, 'ar')).toMatch(/2026|٢٠٢٦/);
  });

  it('shows an unparsable value as it came', () => {
    expect(formatDate('not a date', 'ru')).toBe('not a date');
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
  });
});

describe('formatRelativeTime', () => {
  const ago = (seconds: number) => new Date(NOW - seconds * 1000);

  it('says how long ago in Russian with its plural forms', () => {
    expect(formatRelativeTime(ago(5 * 60), 'ru', NOW)).toBe('5 минут назад');
    expect(formatRelativeTime(ago(1 * 60), 'ru', NOW)).toBe('1 минуту назад');
    expect(formatRelativeTime(ago(2 * 3600), 'ru', NOW)).toBe('2 часа назад');
    expect(formatRelativeTime(ago(24 * 3600), 'ru', NOW)).toBe('вчера');
    expect(formatRelativeTime(ago(10), 'ru', NOW)).toBe('10 секунд назад');
    expect(formatRelativeTime(ago(0), 'ru', NOW)).toBe('сейчас');
  });

  it('says it in English, French and Arabic', () => {
    expect(formatRelativeTime(ago(5 * 60), 'en', NOW)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(0), 'en', NOW)).toBe('now');
    expect(formatRelativeTime(ago(5 * 60), 'fr', NOW)).toBe('il y a 5 minutes');
    expect(formatRelativeTime(ago(3600), 'ar', NOW)).toBe('قبل ساعة واحدة');
  });
});
