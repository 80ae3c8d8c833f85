// The admin lists keep their state in the address (?q=, ?page=, ?subscriber=): one way to change
// some of its parameters and keep the others.
import { useSearchParams } from 'react-router';

/** Sets each parameter to its value, or removes it for null or ''; `replace` keeps the history entry. */
export type SetSearchParams = (changes: Record<string, string | null>, replace?: boolean) => void;

export function useSearchParamsSetter(): [URLSearchParams, SetSearchParams] {
  const [params, setParams] = useSearchParams();
  const set: SetSearchParams = (changes, replace = false) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value) out.set(key, value);
          else out.delete(key);
        }
        return out;
      },
      { replace },
    );
  return [params, set];
}
