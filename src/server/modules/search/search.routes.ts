// Site search (issue 25, decision 117): GET /api/search?q=&locale=&type=&page=. Public; what a
// visitor may see only, in one of the site's languages (?locale=, the default when absent).
import { SearchQuerySchema, SearchReplySchema, searchWords } from '../../../shared/schemas/search';
import { TOTAL_COUNT_HEADER } from '../../../shared/schemas/paging';
import type { AppModule } from '../../types';

export const searchModule: AppModule = async (app, { deps }) => {
  app.get(
    '/api/search',
    {
      // The reply is made in the language itself ('self': the locale hook only names it).
      config: { publicRead: true, translate: { type: 'self' } },
      schema: { querystring: SearchQuerySchema, response: { 200: SearchReplySchema } },
    },
    async (request, reply) => {
      const { q, type, page } = request.query;
      const defaultLocale =
        request.siteDefaultLocale ?? (await deps.repos.siteSettings.locales()).find((l) => l.isDefault)?.code ?? 'en';
      const found = await deps.repos.search.search({
        words: searchWords(q),
        locale: request.contentLocale,
        defaultLocale,
        type,
        page,
      });
      reply.header(TOTAL_COUNT_HEADER, String(found.total));
      return found;
    },
  );
};
