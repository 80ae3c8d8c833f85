// The app editor's "Release notes" card (issue 26): the app's versions, newest first, each with Edit,
// "Email this update" (drafts a campaign to the app's notify-me list, waiting in Campaigns) and
// Delete (confirmed). Add and Edit open a dialog: version, day, platforms and "What's new" with the
// App Store's 4,000-character counter; a save over a newer revision opens the conflict view.
import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  RELEASE_NOTES_MAX,
  ReleaseInputSchema,
  type Release,
  type ReleaseData,
  type ReleaseInput,
} from '../../../../shared/schemas/app-releases';
import { PLATFORMS, PLATFORM_NAMES } from '../../../../shared/schemas/apps';
import { useSaveConflict } from '../../../components/drafts/conflict';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/controls';
import { ConfirmDialog, Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { Input, Label, Textarea } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { applyServerErrors } from '../../../lib/form-errors';
import { useAdminReleases, useDeleteRelease, useEmailRelease, useSaveRelease } from '../api';

/** Where drafted campaigns wait (the Campaigns screen, issue 26). */
export const CAMPAIGNS_SCREEN = '/admin-page/campaigns';

const FIELDS = ['version', 'releasedOn', 'platforms', 'notes'] as const;
const LABELS: Record<string, string> = {
  version: 'Version',
  releasedOn: 'Release date',
  platforms: 'Platforms',
  notes: "What's new",
};

type FormValues = Omit<ReleaseInput, 'revision'>;
const valuesOf = (release: Release | null, today: string): FormValues =>
  release
    ? {
        version: release.version,
        releasedOn: release.releasedOn,
        platforms: release.platforms as FormValues['platforms'],
        notes: release.notes,
      }
    : { version: '', releasedOn: today, platforms: [], notes: '' };

const count = (n: number) => n.toLocaleString('en-US');

export function ReleasesCard({ appId, appTitle }: { appId: number; appTitle: string }) {
  const query = useAdminReleases(appId);
  // The release being edited (null: a new one), or undefined when the dialog is closed.
  const [editing, setEditing] = useState<Release | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Release | null>(null);
  const [drafted, setDrafted] = useState<{ version: string; subject: string } | null>(null);
  const remove = useDeleteRelease(appId);
  const email = useEmailRelease(appId);

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle>Release notes</CardTitle>
          <CardDescription>
            Each version&apos;s &ldquo;What&apos;s new&rdquo;, shown on the app page, its release notes page and feed.
          </CardDescription>
        </div>
        <Button type="button" variant="outline" onClick={() => setEditing(null)}>
          <Plus aria-hidden="true" className="size-4" />
          Add release
        </Button>
      </CardHeader>
      <CardContent className="space-y-4">
        {drafted && (
          <p role="status" className="rounded-md border bg-muted/50 p-3 text-sm">
            The email for {drafted.version} is drafted (&ldquo;{drafted.subject}&rdquo;) and waiting in{' '}
            <a href={CAMPAIGNS_SCREEN} className="font-medium text-primary underline-offset-4 hover:underline">
              Campaigns
            </a>{' '}
            for you to review and send.
          </p>
        )}
        <QueryState
          query={query}
          errorStyle="inline"
          error="Failed to load the release notes"
          loading={
            <div aria-busy="true" className="space-y-3">
              <p role="status" className="sr-only">
                Loading the release notes
              </p>
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-16 w-full" />
            </div>
          }
          isEmpty={(releases) => releases.length === 0}
          empty={
            <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
              No releases yet. Add the first version and its &ldquo;What&apos;s new&rdquo;.
            </p>
          }
        >
          {(releases) => (
            <ul className="divide-y rounded-md border" aria-label="Releases">
              {releases.map((release) => (
                <li key={release.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">{release.version}</p>
                    <p className="text-xs text-muted-foreground">
                      {release.releasedOn}
                      {release.platforms.length > 0 &&
                        ` · ${release.platforms.map((p) => PLATFORM_NAMES[p as keyof typeof PLATFORM_NAMES] ?? p).join(', ')}`}
                    </p>
                    {release.notes && (
                      <p className="mt-1 line-clamp-2 text-sm whitespace-pre-line text-muted-foreground">
                        {release.notes}
                      </p>
                    )}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button type="button" variant="outline" size="sm" onClick={() => setEditing(release)}>
                      <Pencil aria-hidden="true" className="size-4" />
                      Edit<span className="sr-only"> {release.version}</span>
                    </Button>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      disabled={email.isPending}
                      onClick={() =>
                        email.mutate(release.id, {
                          onSuccess: (result) => setDrafted({ version: release.version, subject: result.subject }),
                        })
                      }
                    >
                      <Mail aria-hidden="true" className="size-4" />
                      Email this update to the app&apos;s list
                      <span className="sr-only"> ({release.version})</span>
                    </Button>
                    <Button type="button" variant="outline" size="sm" onClick={() => setDeleting(release)}>
                      <Trash2 aria-hidden="true" className="size-4" />
                      Delete<span className="sr-only"> {release.version}</span>
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>

      {editing !== undefined && (
        <ReleaseDialog
          key={editing?.id ?? 'new'}
          appId={appId}
          appTitle={appTitle}
          release={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        description={`This will permanently delete the release notes of ${appTitle} ${deleting?.version ?? ''} and their translations. This action cannot be undone.`}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </Card>
  );
}

function ReleaseDialog({
  appId,
  appTitle,
  release,
  onClose,
}: {
  appId: number;
  appTitle: string;
  release: Release | null;
  onClose: () => void;
}) {
  const today = new Date().toISOString().slice(0, 10);
  const form = useForm<FormValues, unknown, ReleaseData>({
    resolver: zodResolver(ReleaseInputSchema),
    defaultValues: valuesOf(release, today),
    shouldFocusError: true,
  });
  const save = useSaveRelease(appId);
  const conflict = useSaveConflict({
    form,
    version: release?.revision,
    versionField: 'revision',
    toValues: ((item: Release) => valuesOf(item, today)) as (item: never) => FormValues,
    labels: LABELS,
  });
  const notes = useWatch({ control: form.control, name: 'notes' }) ?? '';
  const length = notes.replace(/\r\n?/g, '\n').trim().length;
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (data) => {
    await save.mutateAsync({ ...data, id: release?.id, revision: release ? conflict.version : undefined }).then(
      () => onClose(),
      (error: unknown) => {
        if (!conflict.onSaveError(error)) applyServerErrors(form.setError, error, { fields: FIELDS });
      },
    );
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={release ? `Edit ${appTitle} ${release.version}` : 'Add a release'}
        description="Plain text, as the stores take it: line breaks are kept."
        className="max-w-2xl"
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Release">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="release-version"
              label="Version"
              hint="As in 1.2.0 or 2.0 (build 45)"
              error={errors.version?.message}
            >
              <Input
                id="release-version"
                autoComplete="off"
                {...form.register('version')}
                {...fieldAria('release-version', errors.version?.message, true)}
              />
            </FormField>
            <FormField id="release-date" label="Release date" error={errors.releasedOn?.message}>
              <Input
                id="release-date"
                type="date"
                {...form.register('releasedOn')}
                {...fieldAria('release-date', errors.releasedOn?.message)}
              />
            </FormField>
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Platforms</legend>
            <Controller
              control={form.control}
              name="platforms"
              render={({ field }) => (
                <div className="flex flex-wrap gap-x-5 gap-y-2">
                  {PLATFORMS.map((platform) => {
                    const id = `release-platform-${platform}`;
                    const checked = (field.value ?? []).includes(platform);
                    return (
                      <div key={platform} className="flex items-center gap-2">
                        <Checkbox
                          id={id}
                          checked={checked}
                          onCheckedChange={(on) =>
                            field.onChange(
                              on
                                ? [...(field.value ?? []), platform]
                                : (field.value ?? []).filter((p: string) => p !== platform),
                            )
                          }
                        />
                        <Label htmlFor={id} className="font-normal">
                          {PLATFORM_NAMES[platform]}
                        </Label>
                      </div>
                    );
                  })}
                </div>
              )}
            />
          </fieldset>
          <FormField id="release-notes" label="What's new" error={errors.notes?.message}>
            <Textarea
              id="release-notes"
              rows={8}
              {...form.register('notes')}
              {...fieldAria('release-notes', errors.notes?.message, true)}
            />
          </FormField>
          <p
            id="release-notes-hint"
            aria-live="polite"
            className={
              length > RELEASE_NOTES_MAX ? 'text-xs font-medium text-destructive' : 'text-xs text-muted-foreground'
            }
          >
            {count(length)} / {count(RELEASE_NOTES_MAX)} characters (the App Store&apos;s limit)
          </p>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : release ? 'Save release' : 'Add release'}
            </Button>
          </DialogFooter>
        </form>
        {conflict.dialog}
      </DialogContent>
    </Dialog>
  );
}
