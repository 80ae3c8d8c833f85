// TanStack Query as SPEC §7 says: no retries, no refetch on focus, no polling, data never stale.
// A query's key is its API path; the default query function GETs it (a page of a list with its total
// when the key is marked PAGED).
//
// Mutations declare what follows them in `meta` (the admin's one place for it): the toasts for
// success and failure, and the queries to re-fetch. A failure is also logged with the server's reason.
import { MutationCache, QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { toast, type ToastInput } from './toast';
import { ApiError, errorMessage, request, type Fetcher } from './http';
import { fetchPage, PAGED } from './paged';

export type MutationMeta = {
  /** The toast after success: fixed, or made from the reply and the variables (none if it gives none). */
  success?: ToastInput | ((data: unknown, variables: unknown) => ToastInput | undefined);
  /** The toast after failure (destructive unless said otherwise): fixed, or made from the error. */
  error?: ToastInput | ((error: unknown, variables: unknown) => ToastInput | undefined);
  /** Queries re-fetched after success, and after a 404 (what the screen showed was out of date). */
  invalidates?: readonly QueryKey[];
};

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationMeta;
  }
}

function pick<A extends unknown[]>(
  input: ToastInput | ((...args: A) => ToastInput | undefined),
  ...args: A
): ToastInput | undefined {
  return typeof input === 'function' ? input(...args) : input;
}

export function makeQueryClient(fetcher?: Fetcher): QueryClient {
  // `[path, PAGED]` reads one page of a list with its total (`{ items, total }`).
  const queryFn: QueryFunction = ({ queryKey }) =>
    queryKey[1] === PAGED
      ? fetchPage(String(queryKey[0]), fetcher)
      : request('GET', String(queryKey[0]), undefined, fetcher);
  const refresh = (meta: MutationMeta | undefined) =>
    Promise.all((meta?.invalidates ?? []).map((queryKey) => client.invalidateQueries({ queryKey })));
  const mutationCache = new MutationCache({
    onSuccess: async (data, variables, _context, mutation) => {
      const meta = mutation.meta;
      const shown = meta?.success && pick(meta.success, data, variables);
      if (shown) toast(shown);
      await refresh(meta);
    },
    onError: async (error, variables, _context, mutation) => {
      const meta = mutation.meta;
      const shown = meta?.error && pick(meta.error, error, variables);
      if (shown) {
        console.warn(`${typeof shown.title === 'string' ? shown.title : 'Request failed'}:`, errorMessage(error));
        toast({ variant: 'destructive', ...shown });
      }
      if (error instanceof ApiError && error.status === 404) await refresh(meta);
    },
  });
  const client = new QueryClient({
    mutationCache,
    defaultOptions: {
      queries: {
        queryFn,
        retry: false,
        // A failed read stays failed (the server render shows its error or not-found state).
        retryOnMount: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
