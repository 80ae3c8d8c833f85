// The app form's Details card (SPEC §2 App form): title, description, icon (with its preview and an
// upload) and status, with the time a not-yet-Live app goes Live by itself (issue 26).
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { APP_STATUSES } from '../../../../shared/constants';
import type { AppData, AppInput } from '../../../../shared/schemas/apps';
import { isHttpUrl, isMediaPath } from '../../../../shared/schemas/common';
import { MediaUpload } from '../../../components/media/media-upload';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Select } from '../../../components/ui/controls';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';

const STATUS_OPTIONS = APP_STATUSES.map((s) => ({ value: s, label: s }));

const isImageUrl = (value: string) => isHttpUrl(value) || isMediaPath(value);

function IconPreview({ src }: { src: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = src.trim();
  const show = isImageUrl(url);
  return (
    <div
      className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-xl border bg-muted text-muted-foreground"
      data-testid="icon-preview"
    >
      {show && failed !== url ? (
        <img
          src={url}
          alt="Icon preview"
          width={64}
          height={64}
          className="size-full object-cover"
          onError={() => setFailed(url)}
        />
      ) : (
        <span className="flex flex-col items-center text-[10px] leading-tight">
          <ImageOff aria-hidden="true" className="size-5" />
          <span className="sr-only">{show ? 'The icon could not be loaded' : 'No icon preview'}</span>
        </span>
      )}
    </div>
  );
}

export function DetailsCard({
  form,
  onUploadingChange,
}: {
  form: UseFormReturn<AppInput, unknown, AppData>;
  onUploadingChange: (busy: boolean) => void;
}) {
  const { control, register, setValue, getValues, formState } = form;
  const { errors, isSubmitted } = formState;
  const icon = useWatch({ control, name: 'icon' });
  const status = useWatch({ control, name: 'status' });
  const goesLiveAt = useWatch({ control, name: 'goesLiveAt' });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Details</CardTitle>
        <CardDescription>What visitors see on the app&rsquo;s card.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <FormField id="app-title" label="Title" error={errors.title?.message}>
          <Input
            id="app-title"
            autoComplete="off"
            {...register('title')}
            {...fieldAria('app-title', errors.title?.message)}
          />
        </FormField>
        <FormField id="app-description" label="Description" error={errors.description?.message}>
          <Textarea
            id="app-description"
            rows={4}
            {...register('description')}
            {...fieldAria('app-description', errors.description?.message)}
          />
        </FormField>
        <div className="space-y-3">
          <FormField
            id="app-icon"
            label="Icon URL"
            hint="A square image: upload one below, or paste its web address."
            error={errors.icon?.message}
          >
            <div className="flex items-center gap-3">
              <Input
                id="app-icon"
                type="url"
                inputMode="url"
                autoComplete="off"
                placeholder="https://example.com/icon.png"
                className="min-w-0 flex-1"
                {...register('icon')}
                {...fieldAria('app-icon', errors.icon?.message, true)}
              />
              <IconPreview src={icon} />
            </div>
          </FormField>
          <MediaUpload
            id="app-icon-upload"
            label="Upload icon"
            altLabel="Icon alt text"
            multiple={false}
            compact
            onBusyChange={onUploadingChange}
            onUploaded={([item]) => {
              if (item) setValue('icon', item.url, { shouldDirty: true, shouldValidate: isSubmitted });
            }}
          />
        </div>
        <FormField id="app-status" label="Status" error={errors.status?.message}>
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <Select
                id="app-status"
                value={field.value}
                onValueChange={(value) => {
                  field.onChange(value);
                  // A Live app has no time to go live: the field goes with the choice.
                  if (value === 'Live' && getValues('goesLiveAt')) setValue('goesLiveAt', '', { shouldDirty: true });
                }}
                options={STATUS_OPTIONS}
                placeholder="Select a status"
                invalid={!!errors.status}
                describedBy={errors.status ? 'app-status-error' : undefined}
                className="sm:max-w-xs"
              />
            )}
          />
        </FormField>
        {status !== 'Live' && (
          <FormField
            id="app-goesLiveAt"
            label="Goes Live at"
            hint={
              goesLiveAt
                ? 'At this time the status becomes Live by itself, and the launch email to its notify-me list is drafted for you to review and send. Clear the field to change the status by hand.'
                : 'Optional: a time (yours) for the status to become Live by itself. Empty: you change it by hand.'
            }
            error={errors.goesLiveAt?.message}
            className="max-w-md"
          >
            <Input
              id="app-goesLiveAt"
              type="datetime-local"
              className="max-w-xs"
              {...register('goesLiveAt')}
              {...fieldAria('app-goesLiveAt', errors.goesLiveAt?.message, true)}
            />
          </FormField>
        )}
      </CardContent>
    </Card>
  );
}
