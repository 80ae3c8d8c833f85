// The editor of app-ads.txt or ads.txt: a monospace text area checked with the server's own line
// rules, every bad line listed by number next to the field.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { paths } from '../../../shared/paths';
import {
  siteFileInputSchema,
  siteFileIssues,
  type SiteFile,
  type SiteFileInput,
  type SiteFileName,
} from '../../../shared/schemas/site-files';
import { LocalDate } from '../../components/local-date';
import { Button } from '../../components/ui/button';
import { FieldError, Label, Textarea } from '../../components/ui/input';
import { ApiError } from '../../lib/http';
import { applyServerErrors } from '../../lib/form-errors';
import { useSaveSiteFile } from './admin-api';

type FormOutput = { content: string };

const HINTS: Record<SiteFileName, string> = {
  'app-ads.txt':
    'One seller per line: the ad system’s domain, your publisher id, DIRECT or RESELLER and, optionally, the certification authority id, separated by commas. # starts a comment. Variables: contact=, inventorypartnerdomain=, ownerdomain=, managerdomain=.',
  'ads.txt':
    'One seller per line: the ad system’s domain, your publisher id, DIRECT or RESELLER and, optionally, the certification authority id, separated by commas. # starts a comment. Variables: contact=, subdomain=, inventorypartnerdomain=, ownerdomain=, managerdomain=.',
};

const PLACEHOLDER = '# Example\ngoogle.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0\ncontact=ads@example.com';

export function SiteFileForm({
  file,
  onDirtyChange,
}: {
  file: SiteFile;
  /** The screen holds one leave-guard for all its forms. */
  onDirtyChange: (dirty: boolean) => void;
}) {
  const name = file.name;
  const save = useSaveSiteFile(name, paths.siteFile(name));
  const form = useForm<SiteFileInput, unknown, FormOutput>({
    resolver: zodResolver(siteFileInputSchema(name)),
    defaultValues: { content: file.content },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  // The server's list when it refused the file; the same rules run here otherwise.
  const [serverIssues, setServerIssues] = useState<string[] | null>(null);

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const onSubmit = form.handleSubmit(async ({ content }) => {
    setServerIssues(null);
    await save.mutateAsync(content).then(
      (saved) => form.reset({ content: saved.content }),
      (error: unknown) => {
        if (applyServerErrors(form.setError, error, { fields: ['content'] }) && error instanceof ApiError) {
          const issues = (error.body?.issues ?? []).map((i) => i.message);
          setServerIssues(issues);
          form.setError('content', { type: 'server', message: issues[0] }, { shouldFocus: true });
        }
      },
    );
  });

  const content = useWatch({ control: form.control, name: 'content' }) ?? '';
  const id = `site-file-${name.replace(/\W/g, '-')}`;
  const error = errors.content;
  const issues = !error
    ? []
    : error.type === 'server' && serverIssues
      ? serverIssues
      : siteFileIssues(name, content).map((i) => i.message);
  const more = issues.slice(1);
  const lines = content.split('\n').length;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Edit ${name}`} className="min-w-0 space-y-3">
      <div className="space-y-2">
        <div className="flex items-baseline justify-between gap-2">
          <Label htmlFor={id}>Contents of {name}</Label>
          <span className="text-xs text-muted-foreground" aria-hidden="true">
            {lines} {lines === 1 ? 'line' : 'lines'}
          </span>
        </div>
        <Textarea
          id={id}
          rows={12}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          wrap="off"
          placeholder={PLACEHOLDER}
          className="font-mono text-xs leading-relaxed sm:text-sm"
          {...form.register('content', { onChange: () => setServerIssues(null) })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error${more.length ? ` ${id}-more` : ''}` : `${id}-hint`}
        />
        {!error && (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {HINTS[name]} Leave it empty to take the file down (its address then answers 404).
          </p>
        )}
        <FieldError id={`${id}-error`} message={issues[0] ?? error?.message} />
        {more.length > 0 && (
          <div id={`${id}-more`} className="text-sm text-destructive">
            <p className="font-medium">{more.length === 1 ? 'And one more line:' : `And ${more.length} more lines:`}</p>
            <ul className="mt-1 max-h-40 list-disc space-y-0.5 overflow-auto pl-5">
              {more.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">
          {file.updatedAt ? (
            <>
              Last saved <LocalDate iso={file.updatedAt} />
            </>
          ) : (
            'Never saved'
          )}
        </p>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : `Save ${name}`}
        </Button>
      </div>
    </form>
  );
}
