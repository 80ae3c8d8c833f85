// The banner over sample figures (issue 27): the demo's month of visits is labelled as such and goes
// in one click, after a confirmation.
import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { useRemoveSample } from './api';

export function SampleBanner() {
  const remove = useRemoveSample();
  const [confirming, setConfirming] = useState(false);
  return (
    <div
      role="region"
      aria-labelledby="analytics-sample-heading"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-amber-500/50 bg-amber-500/10 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-300" />
        <div>
          <h2 id="analytics-sample-heading" className="font-semibold">
            Sample data
          </h2>
          <p className="text-sm text-muted-foreground">
            Some figures in this range are the demo&apos;s sample visits, not real visitors. Remove them when you no
            longer need them; visits counted on your site stay.
          </p>
        </div>
      </div>
      <Button variant="outline" className="shrink-0" onClick={() => setConfirming(true)}>
        Remove sample data
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !open && !remove.isPending && setConfirming(false)}
        title="Remove the sample data?"
        description="This permanently removes the demo's sample visits and their totals from every chart. Visits counted on your site stay."
        confirmLabel="Remove sample data"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </div>
  );
}
