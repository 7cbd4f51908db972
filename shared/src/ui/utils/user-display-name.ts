/** The name fields every user record carries (first_name and name). */
export interface UserNameParts {
  first_name?: string | null;
  name?: string | null;
  email?: string | null;
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * The one way to show a user's name: `name` is the full name as the admin wrote it ("Иван Петров", "Administrator"),
 * shown as it is; `first_name` is how to address the user, shown only when there is no name, then the email.
 * Gluing the two together read "Admin Administrator" or "Иван Иван Петров" (docs/decisions/066).
 */
export function userDisplayName(user: UserNameParts): string {
  return (user.name ?? '').trim() || (user.first_name ?? '').trim() || (user.email ?? '').trim();
}

/** Up to two letters for an avatar: first and last word of the display name ("Иван Петров" → "ИП"), '?' when none. */
export function userInitials(user: UserNameParts): string {
  const parts = words(userDisplayName(user));
  if (parts.length === 0) return '?';
  const letters = parts.length === 1 ? parts[0]!.charAt(0) : parts[0]!.charAt(0) + parts[parts.length - 1]!.charAt(0);
  return letters.toLocaleUpperCase();
}
