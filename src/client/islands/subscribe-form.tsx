// Island: a mailing list's sign-up form (issue 26). Without JavaScript it is a plain POST to
// /subscriptions, which the server answers with the sign-up page (this form with its errors, or
// "check your inbox"); with JavaScript it sends to the API and says the same in place. The answer is
// the same whether or not the address is known.
import { useState, type FormEvent } from 'react';
import { paths, api } from '../../shared/paths';
import { SUBSCRIBE_HONEYPOT, SubscriptionInputSchema, type SignupForm } from '../../shared/schemas/subscriptions';
import { subscribeFormEn } from '../../shared/messages/en-islands';
import { Button } from '../components/ui/button';
import { FieldError, Input, Label } from '../components/ui/input';
import { http } from '../lib/http';
import { useT, type Translate } from '../page-kit/messages';

/** Its words in English, for a page that sends none (island.tsx). */
export const messages = subscribeFormEn;

type Key = keyof typeof subscribeFormEn;
const ERROR_KEYS = new Map(
  (Object.keys(subscribeFormEn) as Key[])
    .filter((key) => key.startsWith('subscribeForm.error.'))
    .map((key) => [subscribeFormEn[key] as string, key]),
);
const inPageLanguage = (t: Translate, message: string | undefined) => {
  const key = message && ERROR_KEYS.get(message);
  return key ? t(key) : message;
};

export interface SubscribeFormProps {
  /** 'studio' or 'app:{id}'. */
  list: string;
  /** The app's name ('' for the studio's newsletter). */
  app: string;
  site: string;
  /** The app's platforms to choose from (value and name); none for the newsletter. */
  platforms: { value: string; label: string }[];
  form: SignupForm;
  /** The page the form is on (kept with the consent record). */
  page: string;
  /** The page's language, when not the default ('de'). */
  locale?: string;
  /** After a plain POST: what was sent, the fields refused, or that it went. */
  values?: { email?: string; platforms?: string[] };
  errors?: Partial<Record<'email' | 'consent' | 'platforms' | 'list', string>>;
  sent?: boolean;
  failure?: boolean;
}

export default function SubscribeForm(props: SubscribeFormProps) {
  const t = useT();
  const { list, app, site, platforms, form, page, locale, values = {} } = props;
  const [errors, setErrors] = useState(props.errors ?? {});
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>(
    props.sent ? 'sent' : props.failure ? 'failed' : 'idle',
  );
  const id = `subscribe-${list.replace(':', '-')}`;
  const listName = app || t('subscribeForm.newsletter', { site });
  const title = app ? t('subscribeForm.titleApp', { app }) : t('subscribeForm.titleNewsletter');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input = {
      email: String(data.get('email') ?? ''),
      list,
      platforms: data.getAll('platforms').map(String),
      consent: data.get('consent') === 'on' ? true : undefined,
      form,
      page,
      ...(locale ? { locale } : {}),
      [SUBSCRIBE_HONEYPOT]: String(data.get(SUBSCRIBE_HONEYPOT) ?? ''),
    };
    const parsed = SubscriptionInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof typeof errors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setState('sending');
    try {
      await http.post(api.subscriptions, parsed.data);
      setState('sent');
    } catch (error) {
      console.warn('Failed to sign up:', error);
      setState('failed');
    }
  };

  if (state === 'sent') {
    return (
      <div role="status" className="rounded-md border border-primary/40 bg-accent p-4 text-sm text-accent-foreground">
        <p className="font-semibold">{t('subscribeForm.sentTitle')}</p>
        <p>{t('subscribeForm.sentText')}</p>
      </div>
    );
  }
  const error = (name: keyof typeof errors) => inPageLanguage(t, errors[name]);
  return (
    <form method="post" action={paths.subscriptions} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {state === 'failed' && (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {t('subscribeForm.failed')}
        </p>
      )}
      <input type="hidden" name="list" value={list} />
      <input type="hidden" name="form" value={form} />
      <input type="hidden" name="page" value={page} />
      <div className="mt-3 space-y-2">
        <Label htmlFor={`${id}-email`}>{t('subscribeForm.email')}</Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values.email}
          aria-invalid={error('email') ? true : undefined}
          aria-describedby={error('email') ? `${id}-email-error` : undefined}
        />
        <FieldError id={`${id}-email-error`} message={error('email')} />
      </div>
      {platforms.length > 1 && (
        <fieldset className="mt-3">
          <legend className="text-sm font-medium">{t('subscribeForm.platforms')}</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {platforms.map((p) => (
              <label key={p.value} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="platforms"
                  value={p.value}
                  defaultChecked={values.platforms?.includes(p.value)}
                  className="size-4"
                />
                {p.label}
              </label>
            ))}
          </div>
          <FieldError id={`${id}-platforms-error`} message={error('platforms')} />
        </fieldset>
      )}
      <div className="mt-3 flex items-start gap-2">
        <input
          id={`${id}-consent`}
          name="consent"
          type="checkbox"
          required
          className="mt-1 size-4 shrink-0"
          aria-invalid={error('consent') ? true : undefined}
          aria-describedby={error('consent') ? `${id}-consent-error` : undefined}
        />
        <label htmlFor={`${id}-consent`} className="text-sm">
          {t('subscribeForm.consent', { list: listName, site })}
        </label>
      </div>
      <FieldError id={`${id}-consent-error`} message={error('consent') ?? error('list')} />
      <p className="mt-2 text-sm">
        <a href={paths.privacy} className="underline underline-offset-4">
          {t('subscribeForm.privacy')}
        </a>
      </p>
      {/* Honeypot: hidden from people and screen readers; bots fill it in and are dropped. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} name={SUBSCRIBE_HONEYPOT} tabIndex={-1} autoComplete="off" />
      </div>
      <Button type="submit" className="mt-4" disabled={state === 'sending'}>
        {state === 'sending' ? t('subscribeForm.submitting') : t('subscribeForm.submit')}
      </Button>
    </form>
  );
}
