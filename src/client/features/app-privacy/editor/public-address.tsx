// The public address of an app's privacy policy, with where each store's console wants it.
import { ExternalLink } from 'lucide-react';
import { paths } from '../../../../shared/paths';
import { PRIVACY_URL_FIELDS } from '../../../../shared/schemas/app-privacy';
import type { App } from '../../../../shared/schemas/apps';
import { buttonVariants } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

export function PublicAddress({ app }: { app: App }) {
  const url = `${window.location.origin}${paths.appPrivacy(app.slug)}`;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Public address</CardTitle>
        <CardDescription>The stores ask for this link. It always shows the current version.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <code
            className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 text-sm break-all"
            data-testid="privacy-url"
          >
            {url}
          </code>
          <div className="flex gap-2">
            <CopyButton text={url} label="Copy" />
            <a
              href={paths.appPrivacy(app.slug)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ variant: 'outline' })}
            >
              <ExternalLink aria-hidden="true" />
              Open<span className="sr-only"> the privacy page (opens in a new tab)</span>
            </a>
          </div>
        </div>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          {PRIVACY_URL_FIELDS.map((f) => (
            <div key={f.store} className="rounded-lg border p-3">
              <dt className="text-muted-foreground">Paste it in {f.store}</dt>
              <dd className="mt-0.5 font-medium">{f.field}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
