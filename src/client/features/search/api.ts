// Site search (issue 25): one page of results for the words, the kind and the page an address asks for.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { SearchReply, SearchType } from '../../../shared/schemas/search';

export interface SearchParams {
  q: string;
  type?: SearchType;
  page: number;
}

export const searchQuery = ({ q, type, page }: SearchParams) => ({
  queryKey: [api.search({ q, type, page })] as const,
});

export const useSearch = (params: SearchParams, enabled = true) =>
  useQuery<SearchReply>({ ...searchQuery(params), enabled });
