// The admin's one mapper from a failed save to its form: the server's `issues` ({ path, message },
// SPEC §8 shape) land on the matching fields, and a 409 (a name already taken) on the field named.
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './http';

export interface ServerErrorOptions<T extends FieldValues> {
  /** Which fields the form has; issues for other paths are left to the toast. Default: any path. */
  fields?: readonly FieldPath<T>[];
  /** The field a 409 conflict belongs to (e.g. 'username'). */
  conflict?: FieldPath<T>;
}

/**
 * Puts a failed call's field errors on the form and focuses the first; true when any field got one.
 * Issue paths are dotted ('screenshots.0'), as react-hook-form names nested fields.
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  { fields, conflict }: ServerErrorOptions<T> = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  const known = (path: string): path is FieldPath<T> =>
    path !== '' && (!fields || fields.includes(path as FieldPath<T>) || fields.some((f) => path.startsWith(`${f}.`)));
  let first = true;
  const set = (path: FieldPath<T>, message: string) => {
    setError(path, { type: 'server', message }, { shouldFocus: first });
    first = false;
  };
  if (error.status === 409 && conflict) set(conflict, error.serverMessage);
  for (const issue of error.body?.issues ?? []) {
    if (known(issue.path)) set(issue.path, issue.message);
  }
  return !first;
}
