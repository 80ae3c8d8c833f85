// Site Settings › Storage (issue 28): where uploaded images are kept. The database needs nothing;
// an S3-compatible object store is set here (or by MEDIA_S3_URL, then shown read-only), tested
// (a test object written, read back and deleted), and every file moved there or back, with its
// progress while it runs. Image addresses stay /media/... whatever holds the files.
import { zodResolver } from '@hookform/resolvers/zod';
import { HardDrive } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  MediaStorageInputSchema,
  type MediaMoveState,
  type MediaStorageSettings,
  type ServeMode,
  type StorageName,
} from '../../../shared/schemas/media-storage';
import { LocalDate } from '../../components/local-date';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Select, Switch } from '../../components/ui/controls';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { applyServerErrors } from '../../lib/form-errors';
import {
  useCancelMediaMove,
  useMediaMove,
  useMediaStorage,
  useSaveMediaStorage,
  useStartMediaMove,
  useTestMediaStorage,
} from './api';

type FormInput = z.input<typeof MediaStorageInputSchema>;
type FormOutput = z.output<typeof MediaStorageInputSchema>;

const WHERE: Record<StorageName, string> = { db: 'the database', s3: 'the object store' };
const SERVE_OPTIONS: { value: ServeMode; label: string }[] = [
  { value: 'redirect', label: 'Redirect to the public address' },
  { value: 'signed', label: 'Redirect to a signed address (private bucket)' },
  { value: 'proxy', label: 'Send through this server' },
];

const toValues = (s: MediaStorageSettings): FormInput => ({
  endpoint: s.endpoint,
  region: s.region,
  bucket: s.bucket,
  pathStyle: s.pathStyle,
  accessKeyId: s.accessKeyId,
  secretAccessKey: '',
  keyPrefix: s.keyPrefix,
  publicBaseUrl: s.publicBaseUrl,
  serveMode: s.serveMode,
});

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function StorageForm({ settings }: { settings: MediaStorageSettings }) {
  const save = useSaveMediaStorage();
  const test = useTestMediaStorage();
  const readOnly = settings.source === 'env';
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(MediaStorageInputSchema),
    defaultValues: toValues(settings),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit((values) =>
    save.mutateAsync(values).then(
      (saved) => {
        form.reset(toValues(saved));
        test.reset();
      },
      (failure: unknown) => void applyServerErrors(form.setError, failure),
    ),
  );
  const runTest = () => {
    if (readOnly) return test.mutate(undefined);
    void form.handleSubmit((values) => test.mutate(values))();
  };
  const text = (
    name: 'endpoint' | 'region' | 'bucket' | 'accessKeyId' | 'keyPrefix' | 'publicBaseUrl',
    label: string,
    hint: string,
    extra: Record<string, string> = {},
  ) => {
    const id = `storage-${name}`;
    return (
      <FormField id={id} label={label} hint={hint} error={errors[name]?.message}>
        <Input
          id={id}
          disabled={readOnly}
          autoComplete="off"
          spellCheck={false}
          {...extra}
          {...form.register(name)}
          {...fieldAria(id, errors[name]?.message, true)}
        />
      </FormField>
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Object store settings">
      {readOnly && (
        <p className="rounded-md border bg-muted px-3 py-2 text-sm">
          These settings come from <code>MEDIA_S3_URL</code> on the server and are read-only here.
        </p>
      )}
      <div className="grid gap-5 md:grid-cols-2">
        {text(
          'endpoint',
          'Endpoint',
          'The service’s address, e.g. https://<account>.r2.cloudflarestorage.com; empty for AWS S3.',
          { inputMode: 'url', placeholder: 'https://s3.example.com' },
        )}
        {text('region', 'Region', 'As the service names it: auto for R2, us-east-1 for most others.', {
          placeholder: 'us-east-1',
        })}
        {text('bucket', 'Bucket', 'Create the bucket at the service first.')}
        <FormField
          id="storage-pathStyle"
          label="Path-style addresses"
          hint="On for MinIO, Garage and most services (endpoint/bucket/key); off for AWS virtual-hosted buckets."
        >
          <Controller
            control={form.control}
            name="pathStyle"
            render={({ field }) => (
              <div>
                <Switch
                  id="storage-pathStyle"
                  disabled={readOnly}
                  checked={Boolean(field.value)}
                  onCheckedChange={field.onChange}
                  aria-describedby="storage-pathStyle-hint"
                />
              </div>
            )}
          />
        </FormField>
        {text('accessKeyId', 'Access key', 'A key with the right to write, read and delete in the bucket.')}
        <FormField
          id="storage-secretAccessKey"
          label="Secret"
          hint={
            settings.hasSecret
              ? 'Saved and never shown. Leave empty to keep it.'
              : 'Kept encrypted; never shown again once saved.'
          }
          error={errors.secretAccessKey?.message}
        >
          <Input
            id="storage-secretAccessKey"
            type="password"
            autoComplete="new-password"
            disabled={readOnly}
            placeholder={settings.hasSecret ? '••••••••' : ''}
            {...form.register('secretAccessKey')}
            {...fieldAria('storage-secretAccessKey', errors.secretAccessKey?.message, true)}
          />
        </FormField>
        {text('keyPrefix', 'Key prefix', 'Optional: a folder in the bucket, e.g. studio (keys are studio/media/…).')}
        {text(
          'publicBaseUrl',
          'Public address (CDN)',
          'Where browsers fetch files from: your CDN, or the bucket’s public address. Empty: see Serving images.',
          { inputMode: 'url', placeholder: 'https://cdn.example.com' },
        )}
        <FormField
          id="storage-serveMode"
          label="Serving images"
          hint="A public address: browsers fetch images from your CDN or bucket (without one, this server sends them). A signed address: browsers fetch them from a private bucket, by an address valid for an hour. This server: it sends every image itself."
        >
          <Controller
            control={form.control}
            name="serveMode"
            render={({ field }) =>
              readOnly ? (
                <p id="storage-serveMode" className="text-sm">
                  {SERVE_OPTIONS.find((o) => o.value === field.value)?.label}
                </p>
              ) : (
                <Select
                  id="storage-serveMode"
                  value={field.value}
                  onValueChange={field.onChange}
                  options={SERVE_OPTIONS}
                  describedBy="storage-serveMode-hint"
                />
              )
            }
          />
        </FormField>
      </div>
      {test.data && (
        <p
          role="status"
          className={
            test.data.ok
              ? 'rounded-md border border-green-600/40 bg-green-50 px-3 py-2 text-sm text-green-900 dark:bg-green-500/10 dark:text-green-200'
              : 'rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive'
          }
        >
          {test.data.message}
        </p>
      )}
      {test.isError && (
        <p role="status" className="text-sm text-destructive">
          The test could not be run. Try again.
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={runTest} disabled={test.isPending}>
          {test.isPending ? 'Testing...' : 'Test connection'}
        </Button>
        {!readOnly && (
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save storage settings'}
          </Button>
        )}
      </div>
    </form>
  );
}

function MoveSection({ settings, state }: { settings: MediaStorageSettings; state: MediaMoveState }) {
  const start = useStartMediaMove();
  const cancel = useCancelMediaMove();
  const { move, files } = state;
  const running = move?.status === 'running';
  const ready = settings.source !== 'none';
  const percent = move && move.total > 0 ? Math.round((move.moved / move.total) * 100) : 100;
  return (
    <section aria-labelledby="storage-move-heading" className="space-y-3 border-t pt-5">
      <h3 id="storage-move-heading" className="font-semibold">
        Moving media
      </h3>
      <p className="text-sm text-muted-foreground">
        {plural(files.db, 'file')} in the database, {plural(files.s3, 'file')} in the object store. Each file is copied,
        checked and only then switched, so a move can be cancelled or interrupted and started again; image addresses
        never change.
      </p>
      {move && (
        <div role="status" aria-live="polite" className="space-y-2 rounded-md border p-3 text-sm">
          <p>
            {running ? 'Moving' : 'Last move'} to {WHERE[move.target]}:{' '}
            <strong>
              {move.moved} of {move.total}
            </strong>{' '}
            files moved
            {move.failed > 0 && `, ${plural(move.failed, 'failure')}`}
            {running ? '...' : ` (${move.status})`}
            {move.finishedAt && (
              <>
                {' '}
                on <LocalDate iso={move.finishedAt} />
              </>
            )}
          </p>
          <div
            role="progressbar"
            aria-label="Files moved"
            aria-valuemin={0}
            aria-valuemax={move.total}
            aria-valuenow={move.moved}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          {move.lastError && <p className="break-words text-destructive">{move.lastError}</p>}
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        {running ? (
          <Button variant="outline" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel the move'}
          </Button>
        ) : (
          <>
            <Button onClick={() => start.mutate('s3')} disabled={!ready || start.isPending}>
              Move all media to S3
            </Button>
            <Button
              variant="outline"
              onClick={() => start.mutate('db')}
              disabled={start.isPending || (files.s3 === 0 && settings.backend === 'db')}
            >
              Move all media back to the database
            </Button>
          </>
        )}
      </div>
      {!ready && <p className="text-xs text-muted-foreground">Save the object store’s settings first.</p>}
    </section>
  );
}

export function StorageCard({ enabled }: { enabled: boolean }) {
  const settings = useMediaStorage(enabled);
  const move = useMediaMove(enabled);
  if (!enabled || !settings.data) return null;
  return (
    <Card role="region" aria-labelledby="storage-heading">
      <CardHeader>
        <CardTitle id="storage-heading" className="flex items-center gap-2">
          <HardDrive aria-hidden="true" className="size-5 text-muted-foreground" />
          Storage
        </CardTitle>
        <CardDescription>
          Where uploaded images are kept. The database needs nothing; an S3-compatible object store (AWS S3, Cloudflare
          R2, Backblaze B2, Garage, MinIO) suits a site behind a CDN or on several servers. New images go to{' '}
          <strong>{WHERE[settings.data.backend]}</strong>.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <StorageForm key={JSON.stringify(settings.data)} settings={settings.data} />
        {move.data && <MoveSection settings={settings.data} state={move.data} />}
      </CardContent>
    </Card>
  );
}
