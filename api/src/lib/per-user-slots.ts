/**
 * At most `limit` operations at once per user, on this instance: `take` answers a release function, or undefined when
 * the user already holds every slot. Releasing twice frees one slot only.
 */
export function perUserSlots(limit: number) {
  const held = new Map<number, number>();
  return {
    take(userId: number): (() => void) | undefined {
      const count = held.get(userId) ?? 0;
      if (count >= limit) return undefined;
      held.set(userId, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (held.get(userId) ?? 1) - 1;
        if (left > 0) held.set(userId, left);
        else held.delete(userId);
      };
    },
  };
}
