// Site Settings' "Remove the demo content" (issue 21): shown while the demo studio's content is
// still on the site; the confirmation names everything that goes and what stays, and why.
import { Eraser } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import type { DemoContentReport } from '../../../shared/schemas/demo-content';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { demoContentParts, useDemoContent, useRemoveDemoContent } from './demo-content-api';

const listed = (parts: string[]) =>
  parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;

function keptSentence(report: DemoContentReport): string | null {
  const apps = report.keptApps.map((app) =>
    app.reason === 'posts' ? `${app.title} (it has a post of yours)` : `${app.title} (you edited it)`,
  );
  const parts = [...apps];
  if (report.keptItems) parts.push(`${report.keptItems} demo text${report.keptItems === 1 ? '' : 's'} you edited`);
  return parts.length ? `Kept as yours: ${listed(parts)}.` : null;
}

export function DemoContentCard({ enabled }: { enabled: boolean }) {
  const demo = useDemoContent(enabled);
  const remove = useRemoveDemoContent();
  const [confirming, setConfirming] = useState(false);
  // Nothing to show until the read answers, and nothing once the demo is gone.
  if (!demo.data?.hasDemoContent) return null;
  const report = demo.data;
  const kept = keptSentence(report);
  return (
    <Card aria-labelledby="demo-content-heading" role="region">
      <CardHeader>
        <CardTitle id="demo-content-heading">Demo content</CardTitle>
        <CardDescription>
          The site still shows the demo studio's apps, posts and texts. Remove them in one step; what you wrote or
          edited stays.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          <Eraser aria-hidden="true" />
          Remove the demo content
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !open && !remove.isPending && setConfirming(false)}
        title="Remove the demo content?"
        description={
          <>
            <span className="block">This permanently removes {listed(demoContentParts(report))}.</span>
            {kept && <span className="mt-2 block">{kept}</span>}
            <span className="mt-2 block">This action cannot be undone.</span>
          </>
        }
        confirmLabel="Remove demo content"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </Card>
  );
}

/** The dashboard's hint for a new owner while the demo is still on the site (administrators). */
export function DemoContentHint({ enabled }: { enabled: boolean }) {
  const demo = useDemoContent(enabled);
  if (!demo.data?.hasDemoContent) return null;
  return (
    <p
      role="note"
      className="mb-6 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-primary/40 bg-primary/10 px-4 py-3 text-sm"
    >
      <Eraser aria-hidden="true" className="size-4 shrink-0 text-primary" />
      <span>This site still shows the demo studio's content.</span>
      <Link to={paths.admin.siteSettings} className="font-medium text-primary underline-offset-4 hover:underline">
        Remove it in Site Settings
      </Link>
    </p>
  );
}
