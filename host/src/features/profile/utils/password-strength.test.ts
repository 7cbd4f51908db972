import { passwordStrength } from './password-strength';

test('scores passwords from too short to strong', () => {
  expect(passwordStrength('')).toBe(0);
  expect(passwordStrength('abc123')).toBe(0);
  expect(passwordStrength('aaaaaaaaaaaa')).toBe(1);
  expect(passwordStrength('1234567890')).toBe(1);
  expect(passwordStrength('abcdefgh')).toBe(1);
  expect(passwordStrength('abcdefg1')).toBe(2);
  expect(passwordStrength('Abcdefgh12')).toBe(3);
  expect(passwordStrength('Correct-Horse-Battery-9')).toBe(4);
});
