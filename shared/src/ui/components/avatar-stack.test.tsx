import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { createAppTheme } from '../theme/app-theme';
import { AvatarStack } from './avatar-stack';

const people = [
  { id: 1, name: 'Жанна Щукина' },
  { id: 2, name: 'Шамиль Жуков' },
  { id: 3, name: 'Юлия Мышкина' },
];

// Each avatar overlaps the one before it by its negative start margin. The initials of a covered avatar stay in the
// part that remains visible: its end padding is at least the overlap. And none shrinks in a narrow cell.
test('overlapped avatars keep their initials clear of the next avatar and never shrink', () => {
  render(
    <ThemeProvider theme={createAppTheme('light')}>
      <AvatarStack users={people} total={5} />
    </ThemeProvider>,
  );
  const avatars = people.map((person) => screen.getByRole('img', { name: person.name }));
  expect(avatars.map((avatar) => avatar.textContent)).toEqual(['ЖЩ', 'ШЖ', 'ЮМ']);
  const rem = (value: string) => (value.endsWith('rem') ? parseFloat(value) * 16 : parseFloat(value || '0'));
  for (const [index, avatar] of avatars.entries()) {
    const style = getComputedStyle(avatar);
    expect(style.flexShrink).toBe('0');
    const next = avatars[index + 1];
    if (!next) continue;
    const overlap = -rem(getComputedStyle(next).marginInlineStart);
    expect(overlap).toBeGreaterThan(0);
    expect(rem(style.paddingInlineEnd)).toBeGreaterThanOrEqual(overlap);
  }
  expect(screen.getByText('+2')).toBeInTheDocument();
});
