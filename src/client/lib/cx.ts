import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names without resolving Tailwind conflicts: for the public pages' first download,
 * which must stay small. Components built on it avoid conflicting overrides; the admin uses cn().
 */
export function cx(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
