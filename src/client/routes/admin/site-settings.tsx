// Site Settings (issue 11): the studio's name, tagline, logo, footer text and default share image,
// shown on every public page; the public address is the server's and shown read-only.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { paths } from '../../../shared/paths';
import {
  FOOTER_TEXT_MAX,
  SHARE_IMAGE_RULE,
  SiteSettingsInputSchema,
  TAGLINE_MAX,
  type SiteSettings,
} from '../../../shared/schemas/site-settings';
import { MediaImageField } from '../../components/media/image-field';
import { MediaUpload } from '../../components/media/media-upload';
import { QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { useMe } from '../../features/admin/auth-api';
import { useSiteSettings, useUpdateSiteSettings } from '../../features/site/api';
import { DemoContentCard } from '../../features/site/demo-content-card';
import { AuditRetentionCard } from '../../features/audit/retention-card';
import { StorageCard } from '../../features/media-storage/storage-card';
import { TwoFactorPolicyCard } from '../../features/site/two-factor-policy-card';
import { HreflangCheckCard } from '../../features/site/hreflang-check-card';
import { UnsavedChangesGuard } from '../../components/drafts/unsaved-changes';
import { applyServerErrors } from '../../lib/form-errors';
import { Translatable } from '../../features/translations/translatable';
import { LanguagesCard } from '../../features/translations/languages-card';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

type FormInput = z.input<typeof SiteSettingsInputSchema>;
type FormOutput = z.output<typeof SiteSettingsInputSchema>;
type ImageFieldName = 'logo' | 'shareImage';

const toValues = (s: SiteSettings): FormInput => ({
  name: s.name,
  tagline: s.tagline,
  logo: s.logo ?? '',
  footerText: s.footerText,
  shareImage: s.shareImage ?? '',
});

/** An image setting: the field on the form's value, with the field's error; a pick or a link sets it. */
function ImageSetting({
  form,
  name,
  label,
  hint,
}: {
  form: UseFormReturn<FormInput, unknown, FormOutput>;
  name: ImageFieldName;
  label: string;
  hint: string;
}) {
  const value = useWatch({ control: form.control, name }) ?? '';
  return (
    <MediaImageField
      id={`site-${name}`}
      value={value}
      label={label}
      hint={hint}
      error={form.formState.errors[name]?.message}
      onChange={setImageOf(form, name)}
    />
  );
}

/** Sets an image setting as a change of the form, checked again once the form was submitted. */
const setImageOf = (form: UseFormReturn<FormInput, unknown, FormOutput>, name: ImageFieldName) => (value: string) =>
  form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

function SiteSettingsForm({ settings, extraDirty }: { settings: SiteSettings; extraDirty: boolean }) {
  const update = useUpdateSiteSettings();
  const [uploading, setUploading] = useState(false);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(SiteSettingsInputSchema),
    defaultValues: toValues(settings),
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    await update.mutateAsync(values).then(
      (saved) => form.reset(toValues(saved)),
      (error: unknown) => applyServerErrors(form.setError, error),
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <UnsavedChangesGuard dirty={form.formState.isDirty || uploading || extraDirty} />
      <Card>
        <CardHeader>
          <CardTitle>Identity</CardTitle>
          <CardDescription>How the studio is named across the site, its feeds and link previews.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <FormField id="site-name" label="Studio name" error={errors.name?.message}>
            <Input
              id="site-name"
              autoComplete="organization"
              {...form.register('name')}
              {...fieldAria('site-name', errors.name?.message)}
            />
          </FormField>
          <FormField
            id="site-tagline"
            label="Tagline"
            hint={`Optional, up to ${TAGLINE_MAX} characters. Shown in the footer when there is no footer text, and in the app manifest.`}
            error={errors.tagline?.message}
          >
            <Input
              id="site-tagline"
              {...form.register('tagline')}
              {...fieldAria('site-tagline', errors.tagline?.message, true)}
            />
          </FormField>
          <ImageSetting
            name="logo"
            label="Logo"
            hint="A square image works best. Shown in the header and used for the browser tab and home-screen icons; without one, the name's first letter is used."
            form={form}
          />
          <MediaUpload
            id="site-logo-upload"
            label="Upload logo"
            altLabel="Logo alt text"
            multiple={false}
            compact
            onBusyChange={setUploading}
            onUploaded={([item]) => item && setImageOf(form, 'logo')(item.url)}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Footer and sharing</CardTitle>
        </CardHeader>
        <CardContent className="space-y-5">
          <FormField
            id="site-footerText"
            label="Footer text"
            hint={`Optional, up to ${FOOTER_TEXT_MAX} characters, under the studio name in every page's footer.`}
            error={errors.footerText?.message}
          >
            <Textarea
              id="site-footerText"
              rows={3}
              {...form.register('footerText')}
              {...fieldAria('site-footerText', errors.footerText?.message, true)}
            />
          </FormField>
          <ImageSetting
            name="shareImage"
            label="Default share image"
            hint={`The picture link previews show for pages without one of their own. ${SHARE_IMAGE_RULE}; without one, a card with the studio name is drawn.`}
            form={form}
          />
          <FormField
            id="site-url"
            label="Public site address"
            hint="Set where the server is configured (SITE_URL); used in links, feeds and previews."
          >
            <Input
              id="site-url"
              value={settings.siteUrl}
              readOnly
              aria-describedby="site-url-hint"
              className="bg-muted"
            />
          </FormField>
        </CardContent>
      </Card>

      <div className="flex flex-wrap items-center justify-end gap-3">
        <a
          href={paths.home}
          target="_blank"
          rel="noopener noreferrer"
          className="text-sm text-primary underline-offset-4 hover:underline"
        >
          View the site<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <Button type="submit" disabled={isSubmitting || uploading}>
          {isSubmitting ? 'Saving...' : 'Save Site Settings'}
        </Button>
      </div>
    </form>
  );
}

function FormSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true" aria-label="Loading site settings">
      {[0, 1].map((card) => (
        <div key={card} className="space-y-4 rounded-xl border bg-card p-6">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ))}
    </div>
  );
}

export default function SiteSettingsPage() {
  useDocumentTitle('Site Settings');
  const settings = useSiteSettings();
  const me = useMe();
  // The page's one leave guard (in the settings form) also holds unsaved languages.
  const [languagesDirty, setLanguagesDirty] = useState(false);
  return (
    <AdminPage title="Site Settings" description="The studio's name, logo and the texts every public page shares.">
      <Translatable type="page" id="site">
        <QueryState query={settings} loading={<FormSkeleton />} error="Failed to load site settings">
          {(data) => <SiteSettingsForm settings={data} extraDirty={languagesDirty} />}
        </QueryState>
      </Translatable>
      <div className="mt-8">
        <LanguagesCard canEdit={Boolean(me.data?.isAdmin)} onDirtyChange={setLanguagesDirty} />
      </div>
      {/* Administrators only: the removal is the whole site's. */}
      <div className="mt-8">
        <HreflangCheckCard />
      </div>
      <div className="mt-8">
        <TwoFactorPolicyCard canEdit={Boolean(me.data?.isAdmin)} />
      </div>
      <div className="mt-8">
        <DemoContentCard enabled={Boolean(me.data?.isAdmin)} />
      </div>
      <div className="mt-8">
        <AuditRetentionCard enabled={Boolean(me.data?.isAdmin)} />
      </div>
      {/* Issue 28: where images are kept, and moving them (administrators only). */}
      <div className="mt-8">
        <StorageCard enabled={Boolean(me.data?.isAdmin)} />
      </div>
    </AdminPage>
  );
}
