import { timeAgo } from './time-ago';

const now = Date.parse('2026-01-10T12:00:00Z');

test('names the largest whole unit in the page language', () => {
  expect(timeAgo('2026-01-10T11:59:30Z', 'en', 'just now', now)).toBe('just now');
  expect(timeAgo('2026-01-10T11:55:00Z', 'en', 'just now', now)).toBe('5 minutes ago');
  expect(timeAgo('2026-01-10T09:00:00Z', 'en', 'just now', now)).toBe('3 hours ago');
  expect(timeAgo('2026-01-09T12:00:00Z', 'en', 'just now', now)).toBe('yesterday');
  expect(timeAgo('2026-01-10T11:00:00Z', 'fr', "à l'instant", now)).toBe('il y a 1 heure');
});
