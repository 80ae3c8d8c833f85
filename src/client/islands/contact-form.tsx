// Island: the 'Send a Message' form. Without JavaScript it is a plain POST to /contact that the
// server validates with the same schema and answers with this form again (errors and values) or a
// notice; with JavaScript it validates in the browser, sends to the API and shows the spec's toasts.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { paths } from '../../shared/paths';
import { ContactMessageRequestSchema, HONEYPOT_FIELD, type ContactMessageRequest } from '../../shared/schemas/messages';
import { Button } from '../components/ui/button';
import { FieldError, Input, Label, Textarea } from '../components/ui/input';
import { ToastHost } from '../components/ui/toast-host';
import { toast } from '../lib/toast';
import { sendMessage } from '../features/messages/api';
import { contactFormEn } from '../../shared/messages/en-islands';
import { useT, type Translate } from '../page-kit/messages';

/** Its words in English, for a page that sends none (island.tsx). */
export const messages = contactFormEn;

type ContactFormKey = keyof typeof contactFormEn;

/** The schema's English messages, by text: a refused field's message is shown in the page's language. */
const ERROR_KEYS = new Map(
  (Object.keys(contactFormEn) as ContactFormKey[])
    .filter((key) => key.startsWith('contactForm.error.'))
    .map((key) => [contactFormEn[key] as string, key]),
);

const inPageLanguage = (t: Translate, message: string | undefined) => {
  const key = message && ERROR_KEYS.get(message);
  return key ? t(key) : message;
};

// The request schema, not the input schema: its resolver keeps the honeypot field, so what a bot
// types there reaches the server, which drops the message.
type FormValues = ContactMessageRequest;
type FieldName = keyof FormValues;

const EMPTY: FormValues = { firstName: '', lastName: '', email: '', subject: '', message: '', [HONEYPOT_FIELD]: '' };

const sentToast = (t: Translate) => ({ title: t('contactForm.sentTitle'), description: t('contactForm.sentText') });
const failedToast = (t: Translate) => ({
  title: t('contactForm.failedTitle'),
  description: t('contactForm.failedText'),
});

export interface ContactFormProps {
  /** What the visitor sent when the server answers a plain POST with errors. */
  values?: Partial<Record<FieldName, string>>;
  /** The server's messages for the fields it refused (the schema's own). */
  errors?: Partial<Record<FieldName, string>>;
  /** The outcome of a plain POST: sent, or failed on the server's side. */
  notice?: 'sent' | 'failed';
}

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The outcome of a send without JavaScript, shown where the toast would be read. */
function Notice({ notice }: { notice: 'sent' | 'failed' }) {
  const t = useT();
  const text = notice === 'sent' ? sentToast(t) : failedToast(t);
  return (
    <div
      role={notice === 'sent' ? 'status' : 'alert'}
      className={
        notice === 'sent'
          ? 'mt-4 rounded-md border border-primary/40 bg-accent p-4 text-sm text-accent-foreground'
          : 'mt-4 rounded-md border border-destructive/50 p-4 text-sm text-destructive'
      }
    >
      <p className="font-semibold">{text.title}</p>
      <p>{text.description}</p>
    </div>
  );
}

export default function ContactForm({ values = {}, errors: serverErrors = {}, notice: sentNotice }: ContactFormProps) {
  const t = useT();
  const returned = Object.keys(serverErrors).length > 0;
  // The outcome of a plain send stands until the visitor sends again (then the toasts speak).
  const [notice, setNotice] = useState(sentNotice);
  const form = useForm<FormValues>({
    resolver: zodResolver(ContactMessageRequestSchema),
    defaultValues: { ...EMPTY, ...values },
    // A form the server sent back with errors has been submitted once: fields re-validate as they change.
    mode: returned ? 'onChange' : 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting, dirtyFields } = form.formState;
  // The server's message stands for a field until the visitor changes that field or submits here.
  const errorOf = (name: FieldName) =>
    inPageLanguage(
      t,
      errors[name]?.message ??
        (form.formState.submitCount === 0 && !dirtyFields[name] ? serverErrors[name] : undefined),
    );

  const onSubmit = form.handleSubmit(async (input) => {
    setNotice(undefined);
    try {
      await sendMessage(input);
      toast(sentToast(t));
      form.reset(EMPTY);
    } catch (error) {
      console.warn('Failed to send message:', error);
      toast({ ...failedToast(t), variant: 'destructive' });
    }
  });

  const field = (name: FieldName) => {
    const error = errorOf(name);
    return {
      ...form.register(name),
      id: name,
      defaultValue: values[name] ?? '',
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${name}-error` : undefined,
    };
  };

  return (
    <section aria-labelledby="send-title" className="rounded-xl border bg-card p-6 shadow-sm">
      <h2 id="send-title" className="text-xl font-semibold">
        {t('contactForm.title')}
      </h2>
      {notice && <Notice notice={notice} />}
      {/* Sent the plain way, the answer opens at this form (its errors, or the notice). */}
      <form
        method="post"
        action={`${paths.contact}#send-title`}
        onSubmit={onSubmit}
        noValidate
        className="mt-6 space-y-5"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="firstName" label={t('contactForm.firstName')} error={errorOf('firstName')}>
            <Input autoComplete="given-name" {...field('firstName')} />
          </Field>
          <Field id="lastName" label={t('contactForm.lastName')} error={errorOf('lastName')}>
            <Input autoComplete="family-name" {...field('lastName')} />
          </Field>
        </div>
        <Field id="email" label={t('contactForm.email')} error={errorOf('email')}>
          <Input type="email" autoComplete="email" {...field('email')} />
        </Field>
        <Field id="subject" label={t('contactForm.subject')} error={errorOf('subject')}>
          <Input {...field('subject')} />
        </Field>
        <Field id="message" label={t('contactForm.message')} error={errorOf('message')}>
          <Textarea rows={6} {...field('message')} />
        </Field>
        {/* Honeypot: hidden from people and screen readers; bots fill it in and are dropped. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor={HONEYPOT_FIELD}>Website</label>
          <input tabIndex={-1} autoComplete="off" {...field(HONEYPOT_FIELD)} />
        </div>
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? t('contactForm.sending') : t('contactForm.send')}
        </Button>
      </form>
      <ToastHost />
    </section>
  );
}
