// Island: "Request a press copy" on a press kit page (issue 14). Without JavaScript it is a plain
// POST to the page's own address, answered with a redirect to the page and its notice (?sent=…);
// with JavaScript it checks the fields here, sends to the API and says so in place.
import { api } from '../../shared/paths';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, useSyncExternalStore } from 'react';
import { useForm } from 'react-hook-form';
import { HONEYPOT_FIELD } from '../../shared/schemas/messages';
import { PressRequestInputSchema, type PressRequestInput } from '../../shared/schemas/press';
import { Button } from '../components/ui/button';
import { FieldError, Input, Label, Textarea } from '../components/ui/input';
import { ApiError, http } from '../lib/http';
import { pressFormEn } from '../../shared/messages/en-islands';
import { useT, type Translate } from '../page-kit/messages';

/** Its words in English, for a page that sends none (island.tsx). */
export const messages = pressFormEn;

type PressFormKey = keyof typeof pressFormEn;

/** The schema's English messages, by text: shown in the page's language. */
const ERROR_KEYS = new Map(
  (Object.keys(pressFormEn).filter((key) => key.includes('.error.')) as PressFormKey[]).map((key) => [
    pressFormEn[key] as string,
    key,
  ]),
);
const inPageLanguage = (t: Translate, message: string | undefined) => {
  const key = message && ERROR_KEYS.get(message);
  return key ? t(key) : message;
};

export type PressFormNotice = 'sent' | 'invalid' | 'failed';

export interface PressRequestFormProps {
  /** The page's own address (where the plain form posts). */
  action: string;
  /** The app the copy is for (none: the studio's kit). */
  appId?: number;
  /** What it is for, in the form's words: "Skyward Fox" or "our games". */
  what: string;
  /** The outcome of a send without JavaScript. */
  notice?: PressFormNotice;
}

type FieldName = 'name' | 'email' | 'outlet' | 'platform' | 'message' | typeof HONEYPOT_FIELD;
type FormValues = Record<FieldName, string>;
const EMPTY: FormValues = { name: '', email: '', outlet: '', platform: '', message: '', [HONEYPOT_FIELD]: '' };

/** Each outcome's title and text (keys of the island's words). */
const NOTICES: Record<PressFormNotice, { title: PressFormKey; text: PressFormKey }> = {
  sent: { title: 'pressForm.sentTitle', text: 'pressForm.sentText' },
  invalid: { title: 'pressForm.invalidTitle', text: 'pressForm.invalidText' },
  failed: { title: 'pressForm.failedTitle', text: 'pressForm.failedText' },
};

function Notice({ notice }: { notice: PressFormNotice }) {
  const t = useT();
  const { title, text } = NOTICES[notice];
  return (
    <div
      role={notice === 'sent' ? 'status' : 'alert'}
      data-testid="press-request-notice"
      className={
        notice === 'sent'
          ? 'rounded-md border border-primary/40 bg-accent p-4 text-sm text-accent-foreground'
          : 'rounded-md border border-destructive/50 p-4 text-sm text-destructive'
      }
    >
      <p className="font-semibold">{t(title)}</p>
      <p>{t(text)}</p>
    </div>
  );
}

const schema = PressRequestInputSchema.omit({ appId: true });
const noSubscription = () => () => undefined;

export default function PressRequestForm({ action, appId, what, notice: plainNotice }: PressRequestFormProps) {
  const t = useT();
  const [notice, setNotice] = useState<PressFormNotice | undefined>(plainNotice);
  // The browser checks the required fields while the form is plain HTML; once hydrated, the schema does.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const form = useForm<FormValues>({
    resolver: zodResolver(schema) as never,
    defaultValues: EMPTY,
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setNotice(undefined);
    const body: PressRequestInput = { ...values, ...(appId ? { appId } : {}) };
    try {
      await http.post(api.pressRequests, body);
      form.reset(EMPTY);
      setNotice('sent');
    } catch (error) {
      console.warn('Failed to send the press request:', error);
      setNotice(error instanceof ApiError && error.status === 422 ? 'invalid' : 'failed');
    }
  });

  const field = (name: FieldName) => {
    const error = errors[name]?.message;
    return {
      ...form.register(name),
      id: `press-${name}`,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `press-${name}-error` : undefined,
    };
  };
  const row = (name: FieldName, label: string, control: React.ReactNode, hint?: string) => (
    <div className="space-y-2">
      <Label htmlFor={`press-${name}`}>{label}</Label>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      {control}
      <FieldError id={`press-${name}-error`} message={inPageLanguage(t, errors[name]?.message)} />
    </div>
  );

  return (
    <div className="space-y-5">
      <p className="text-muted-foreground">{t('pressForm.intro', { what })}</p>
      {notice && <Notice notice={notice} />}
      <form
        method="post"
        action={`${action}#press-request`}
        onSubmit={onSubmit}
        noValidate={hydrated}
        className="space-y-5"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          {row('name', t('pressForm.name'), <Input autoComplete="name" required maxLength={200} {...field('name')} />)}
          {row(
            'email',
            t('pressForm.email'),
            <Input type="email" autoComplete="email" required maxLength={254} {...field('email')} />,
          )}
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          {row(
            'outlet',
            t('pressForm.outlet'),
            <Input autoComplete="organization" required maxLength={200} {...field('outlet')} />,
          )}
          {row(
            'platform',
            t('pressForm.platform'),
            <Input maxLength={50} placeholder={t('pressForm.platformExample')} {...field('platform')} />,
          )}
        </div>
        {row('message', t('pressForm.message'), <Textarea rows={4} maxLength={5000} {...field('message')} />)}
        {/* Honeypot: hidden from people and screen readers; bots fill it in and are dropped. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor={`press-${HONEYPOT_FIELD}`}>Website</label>
          <input tabIndex={-1} autoComplete="off" {...field(HONEYPOT_FIELD)} />
        </div>
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? t('pressForm.sending') : t('pressForm.send')}
        </Button>
      </form>
    </div>
  );
}
