import { userDisplayName, userInitials } from './user-display-name';

describe('userDisplayName', () => {
  it('shows the full name once when name already holds it', () => {
    expect(userDisplayName({ first_name: 'Ольга', name: 'Ольга Кузнецова' })).toBe('Ольга Кузнецова');
  });

  it('puts the first name in front of a bare surname', () => {
    expect(userDisplayName({ first_name: 'Иван', name: 'Петров' })).toBe('Иван Петров');
  });

  it('falls back to the first name, then the email', () => {
    expect(userDisplayName({ first_name: 'Иван', name: '  ' })).toBe('Иван');
    expect(userDisplayName({ first_name: '', name: '', email: 'a@example.com' })).toBe('a@example.com');
  });
});

describe('userInitials', () => {
  it('takes the first letters of the first and last word', () => {
    expect(userInitials({ first_name: 'Иван', name: 'Иван Петров' })).toBe('ИП');
    expect(userInitials({ first_name: 'Иван', name: 'Петров' })).toBe('ИП');
  });

  it('answers one letter for a one-word name and ? for none', () => {
    expect(userInitials({ first_name: '', name: 'administrator' })).toBe('A');
    expect(userInitials({ first_name: '', name: '' })).toBe('?');
  });
});
