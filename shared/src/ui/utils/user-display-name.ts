/** The name fields every user record carries (first_name and name). */
export interface UserNameParts {
  first_name?: string | null;
  name?: string | null;
  email?: string | null;
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * The one way to show a user's name. `name` holds the full name ("Иван Петров"); when it does not already contain
 * `first_name` (a bare surname), the first name is put in front, so a name is never doubled nor cut short.
 */
export function userDisplayName(user: UserNameParts): string {
  const first = (user.first_name ?? '').trim();
  const name = (user.name ?? '').trim();
  if (!name) return first || (user.email ?? '').trim();
  if (!first) return name;
  const firstLower = first.toLocaleLowerCase();
  const hasFirst = words(name).some((word) => word.toLocaleLowerCase() === firstLower);
  return hasFirst ? name : `${first} ${name}`;
}

/** Up to two letters for an avatar: first and last word of the display name ("Иван Петров" → "ИП"), '?' when none. */
export function userInitials(user: UserNameParts): string {
  const parts = words(userDisplayName(user));
  if (parts.length === 0) return '?';
  const letters = parts.length === 1 ? parts[0]!.charAt(0) : parts[0]!.charAt(0) + parts[parts.length - 1]!.charAt(0);
  return letters.toLocaleUpperCase();
}
