// Comparing secrets (passwords, CSRF tokens) without leaking through timing where they differ.
import { timingSafeEqual } from 'node:crypto';

/** True when the strings are equal; the time taken does not depend on where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
