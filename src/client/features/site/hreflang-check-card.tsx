// Site Settings' check of the site's languages (issue 24): crawls every page's hreflang cluster as a
// search engine would (GET /api/admin/translations/check) and lists what is broken: an address that
// does not answer, a page that does not name its other languages back, a translation published for
// an item visitors cannot see, or one in a language the site no longer has.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { HreflangCheck } from '../../../shared/schemas/translations';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { errorMessage, http } from '../../lib/http';

export function HreflangCheckCard() {
  const check = useMutation({
    mutationFn: () => http.get<HreflangCheck>(api.translationsCheck),
    meta: { error: (error) => ({ title: 'The check could not run', description: errorMessage(error) }) },
  });
  const result = check.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Check the languages</CardTitle>
        <CardDescription>
          Opens every page the sitemap lists in several languages, as a search engine would, and lists any page whose
          languages do not point at each other.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Button type="button" variant="outline" onClick={() => check.mutate()} disabled={check.isPending}>
          {check.isPending ? 'Checking…' : 'Run the check'}
        </Button>
        <div aria-live="polite">
          {result &&
            (result.problems.length === 0 ? (
              <p className="text-sm">
                {result.checked === 0
                  ? 'No page is published in more than one language yet.'
                  : `All ${result.checked} pages name their languages correctly.`}
              </p>
            ) : (
              <div className="space-y-2">
                <p className="text-sm font-medium">
                  {result.problems.length === 1 ? '1 problem' : `${result.problems.length} problems`} in{' '}
                  {result.checked} pages checked:
                </p>
                <ul className="divide-y rounded-md border text-sm">
                  {result.problems.map((problem, i) => (
                    <li key={i} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:gap-3">
                      <code className="shrink-0 break-all text-muted-foreground">{problem.path || 'Site'}</code>
                      <span>{problem.message}</span>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
        </div>
      </CardContent>
    </Card>
  );
}
