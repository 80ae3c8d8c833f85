// An app's privacy policy form (issue 14): its own text or the studio's, the "Data we collect" rows,
// and the day the saved version takes effect (issue 21). Saved on top of the version it was opened
// at; when someone saved the policy meanwhile, the conflict view shows both versions.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import {
  AppPrivacyInputSchema,
  STUDIO_PLACEHOLDER,
  type AppPrivacyAdmin,
  type AppPrivacyInput,
} from '../../../../shared/schemas/app-privacy';
import type { App } from '../../../../shared/schemas/apps';
import { useSaveConflict } from '../../../components/drafts/conflict';
import { UnsavedChangesGuard } from '../../../components/drafts/unsaved-changes';
import { RichTextField } from '../../../components/forms/rich-text-field';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox, Switch } from '../../../components/ui/controls';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { fieldAria, FormField } from '../../../components/ui/form-field';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSaveAppPrivacy } from '../api';
import { AddRow, RowEditor } from './data-rows';
import { LABELS, toValues, type FormValues } from './values';

const FIELDS = ['content', 'usesStudioPolicy', 'noDataCollected', 'effectiveOn', 'dataCollected'] as const;

export function PrivacyForm({ app, policy }: { app: App; policy: AppPrivacyAdmin | null }) {
  const save = useSaveAppPrivacy(app.id);
  const [editorUploading, setEditorUploading] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const form = useForm<FormValues, unknown, AppPrivacyInput>({
    resolver: zodResolver(AppPrivacyInputSchema) as never,
    defaultValues: toValues(policy),
  });
  const conflict = useSaveConflict({ form, version: policy?.version, toValues, labels: LABELS });
  const { errors, isSubmitting, isDirty } = form.formState;
  const rows = useFieldArray({ control: form.control, name: 'dataCollected' });
  const usesStudio = useWatch({ control: form.control, name: 'usesStudioPolicy' });
  const noData = useWatch({ control: form.control, name: 'noDataCollected' });
  const watchedRows = useWatch({ control: form.control, name: 'dataCollected' }) ?? [];
  const taken = new Set(watchedRows.map((r) => `${r.category}|${r.dataType}`));

  const onSubmit = form.handleSubmit(async (values) => {
    await save.mutateAsync({ ...values, version: conflict.version }).then(
      (saved) => form.reset(toValues(saved)),
      (error: unknown) => conflict.onSaveError(error) || applyServerErrors(form.setError, error, { fields: FIELDS }),
    );
  });

  const rowError = (i: number) => {
    const e = errors.dataCollected?.[i];
    return e?.purposes?.message ?? e?.dataType?.message ?? e?.category?.message;
  };
  const removingRow = removing === null ? undefined : watchedRows[removing];

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={`Privacy policy of ${app.title}`}>
      <UnsavedChangesGuard dirty={isDirty && !isSubmitting} />
      {conflict.dialog}
      <Card>
        <CardHeader>
          <CardTitle>Policy text</CardTitle>
          <CardDescription>
            Write this app’s own policy, or show the studio’s policy under the heading “Privacy Policy for {app.title}”
            with a sentence naming the app. Every {STUDIO_PLACEHOLDER} in the studio’s text becomes the app’s name.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <Controller
            control={form.control}
            name="usesStudioPolicy"
            render={({ field }) => (
              <div className="flex items-start gap-3">
                <Switch
                  id="uses-studio"
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  aria-describedby={errors.usesStudioPolicy ? 'uses-studio-error' : 'uses-studio-hint'}
                />
                <div className="space-y-1">
                  <Label htmlFor="uses-studio">Use the studio’s privacy policy</Label>
                  <p id="uses-studio-hint" className="text-xs text-muted-foreground">
                    The studio’s text is edited under{' '}
                    <Link to={paths.admin.privacy} className="text-primary underline underline-offset-4">
                      Privacy Policy
                    </Link>
                    ; this app’s own text is kept while it is used.
                  </p>
                  <FieldError id="uses-studio-error" message={errors.usesStudioPolicy?.message} />
                </div>
              </div>
            )}
          />
          {!usesStudio && (
            <RichTextField
              control={form.control}
              name="content"
              id="app-privacy-content"
              label="Privacy policy of this app"
              height={400}
              onBusyChange={setEditorUploading}
            />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Data we collect</CardTitle>
          <CardDescription>
            The App Store privacy label’s categories, with the answers Google Play’s Data safety form asks for. Add one
            row per data type the app or its SDKs collect.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {rows.fields.length > 0 ? (
            <ul className="space-y-3" aria-label="Data types collected">
              {rows.fields.map((field, i) => (
                <RowEditor
                  key={field.id}
                  control={form.control}
                  index={i}
                  row={watchedRows[i] ?? field}
                  error={rowError(i)}
                  onRemove={() => setRemoving(i)}
                />
              ))}
            </ul>
          ) : (
            <Controller
              control={form.control}
              name="noDataCollected"
              render={({ field }) => (
                <div className="flex items-start gap-2 rounded-lg border p-4">
                  <Checkbox
                    id="no-data"
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                    aria-describedby="no-data-hint"
                  />
                  <div className="space-y-1">
                    <Label htmlFor="no-data">This app collects no data</Label>
                    <p id="no-data-hint" className="text-xs text-muted-foreground">
                      The page then says “This app collects no data.” Left unticked with no rows, the page has no table.
                    </p>
                    <FieldError id="no-data-error" message={errors.noDataCollected?.message} />
                  </div>
                </div>
              )}
            />
          )}
          {!noData && (
            <AddRow
              taken={taken}
              onAdd={(row) => {
                form.setValue('noDataCollected', false);
                rows.append(row);
              }}
            />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>When it takes effect</CardTitle>
          <CardDescription>
            Every save is kept as a version with its own address. A version for a later day is announced on the privacy
            page, with a link to read it, until that day; the current policy stays in force meanwhile.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <FormField
            id="app-privacy-effective"
            label="Takes effect on"
            hint="Leave empty for today: the page shows it as soon as you save. A policy cannot take effect in the past."
            error={errors.effectiveOn?.message}
            className="max-w-sm"
          >
            <Input
              id="app-privacy-effective"
              type="date"
              className="max-w-xs"
              {...form.register('effectiveOn')}
              {...fieldAria('app-privacy-effective', errors.effectiveOn?.message, true)}
            />
          </FormField>
        </CardContent>
      </Card>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {isDirty && <p className="text-sm text-muted-foreground">Unsaved changes</p>}
        <Button type="submit" disabled={isSubmitting || editorUploading}>
          {isSubmitting ? 'Saving...' : 'Save Privacy Policy'}
        </Button>
      </div>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removingRow?.dataType ?? 'this row'}?`}
        description="The row leaves the table when you save the policy."
        confirmLabel="Remove"
        onConfirm={() => {
          if (removing !== null) rows.remove(removing);
          setRemoving(null);
        }}
      />
    </form>
  );
}
