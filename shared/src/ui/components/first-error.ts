/** The one message a field shows: the first of the server's list. */
export function firstError(error: string | readonly string[] | null | undefined): string | undefined {
  if (Array.isArray(error)) return error.find(Boolean);
  return (error as string | null | undefined) || undefined;
}
