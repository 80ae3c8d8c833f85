// TanStack Query as SPEC §7 says: no retries, no refetch on focus, no polling, data never stale.
// A query's key is its API path; the default query function GETs it.
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { request, type Fetcher } from './http';

export function makeQueryClient(fetcher?: Fetcher): QueryClient {
  const queryFn: QueryFunction = ({ queryKey }) => request('GET', String(queryKey[0]), undefined, fetcher);
  return new QueryClient({
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
}
