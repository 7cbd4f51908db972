import { userDisplayName, userInitials } from './user-display-name';

describe('userDisplayName', () => {
  it('shows the full name once when name already holds it', () => {
    expect(userDisplayName({ first_name: 'Ольга', name: 'Ольга Кузнецова' })).toBe('Ольга Кузнецова');
  });

  it('shows the full name as written, never adding the first name to it', () => {
    expect(userDisplayName({ first_name: 'Admin', name: 'Administrator' })).toBe('Administrator');
    expect(userDisplayName({ first_name: 'Иван', name: 'Петров Иван Иванович' })).toBe('Петров Иван Иванович');
  });

  it('falls back to the first name, then the email', () => {
    expect(userDisplayName({ first_name: 'Иван', name: '  ' })).toBe('Иван');
    expect(userDisplayName({ first_name: '', name: '', email: 'a@example.com' })).toBe('a@example.com');
  });
});

describe('userInitials', () => {
  it('takes the first letters of the first and last word', () => {
    expect(userInitials({ first_name: 'Иван', name: 'Иван Петров' })).toBe('ИП');
    expect(userInitials({ first_name: 'Admin', name: 'Administrator' })).toBe('A');
  });

  it('answers one letter for a one-word name and ? for none', () => {
    expect(userInitials({ first_name: '', name: 'administrator' })).toBe('A');
    expect(userInitials({ first_name: '', name: '' })).toBe('?');
  });
});
