import { useCallback, useState } from 'react';

/** A boolean preference kept in localStorage (e.g. the collapsed navigation), surviving reloads. */
export function useStoredFlag(key: string, initial = false): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState<boolean>(() => {
    try {
      const stored = window.localStorage.getItem(key);
      return stored === null ? initial : stored === 'true';
    } catch {
      return initial;
    }
  });
  const update = useCallback(
    (next: boolean) => {
      setValue(next);
      try {
        window.localStorage.setItem(key, String(next));
      } catch {
        // Storage unavailable: the flag lasts for this page only.
      }
    },
    [key],
  );
  return [value, update];
}
