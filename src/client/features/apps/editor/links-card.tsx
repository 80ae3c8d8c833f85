// The app form's Links card (SPEC §2 link fields): only the links filled in show on the app's card.
import type { UseFormReturn } from 'react-hook-form';
import { APP_LINK_FIELDS, type AppData, type AppInput, type AppLinkField } from '../../../../shared/schemas/apps';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';

const LINK_LABELS: Record<AppLinkField, { label: string; placeholder: string }> = {
  googlePlayLink: { label: 'Google Play link', placeholder: 'https://play.google.com/store/apps/details?id=...' },
  appStoreLink: { label: 'App Store link', placeholder: 'https://apps.apple.com/app/...' },
  webAppLink: { label: 'Web app link', placeholder: 'https://...' },
  githubRepoLink: { label: 'GitHub repository link', placeholder: 'https://github.com/...' },
  twitterLink: { label: 'X (Twitter) link', placeholder: 'https://x.com/...' },
  instagramLink: { label: 'Instagram link', placeholder: 'https://www.instagram.com/...' },
  facebookLink: { label: 'Facebook link', placeholder: 'https://www.facebook.com/...' },
};

export function LinksCard({ form }: { form: UseFormReturn<AppInput, unknown, AppData> }) {
  const errors = form.formState.errors;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Links</CardTitle>
        <CardDescription>Optional. Only the links you fill in appear on the app&rsquo;s card.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 sm:grid-cols-2">
        {APP_LINK_FIELDS.map((name) => {
          const id = `app-${name}`;
          const message = errors[name]?.message;
          return (
            <FormField key={name} id={id} label={LINK_LABELS[name].label} error={message}>
              <Input
                id={id}
                type="url"
                inputMode="url"
                autoComplete="off"
                placeholder={LINK_LABELS[name].placeholder}
                {...form.register(name)}
                {...fieldAria(id, message)}
              />
            </FormField>
          );
        })}
      </CardContent>
    </Card>
  );
}
