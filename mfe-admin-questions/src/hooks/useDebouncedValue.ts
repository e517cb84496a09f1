import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs` (SPEC §9: list, search and lookup fetches wait
 * 500 ms), so typing 'closure' asks once, not seven times.
 */
export function useDebouncedValue<T>(
  value: T,
  delayMs: number,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const [settled, setSettled] = useState(value);
  const same = isEqual(settled, value);
  useEffect(() => {
    if (same) return;
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, same, delayMs]);
  return settled;
}
