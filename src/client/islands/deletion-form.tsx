// Island: an app's account-deletion request form (issue 14). Without JavaScript it is a plain POST to
// the page itself, which the server checks with the same schema and answers with this form again
// (errors and values) or the receipt; with JavaScript it checks in the browser and sends to the API.
// Either way the visitor ends up reading their reference on screen, and, when the site sends mail,
// that a link to confirm the request is on its way (issue 21).
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, MailCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatLongIn } from '../../shared/dates';
import { paths } from '../../shared/paths';
import {
  ACCOUNT_ID_MAX,
  DELETION_CONFIRM_DAYS,
  DELETION_HONEYPOT,
  DELETION_NOTE_MAX,
  DeletionRequestInputSchema,
  type DeletionReceipt,
  type DeletionRequestInput,
} from '../../shared/schemas/app-pages';
import { Button } from '../components/ui/button';
import { FieldError, Input, Label, Textarea } from '../components/ui/input';
import { sendDeletionRequest } from '../features/app-pages/api';
import { DeletionReference } from '../features/app-pages/deletion-reference';
import { ApiError } from '../lib/http';
import { deletionFormEn } from '../../shared/messages/en-islands';
import { useT, type Translate } from '../page-kit/messages';
import { useIntl } from 'react-intl';

/** Its words in English, for a page that sends none (island.tsx). */
export const messages = deletionFormEn;

type DeletionFormKey = keyof typeof deletionFormEn;

/** The schema's and the server's English messages, by text: shown in the page's language. */
const MESSAGE_KEYS = new Map(
  (
    [
      'deletionForm.failed',
      ...Object.keys(deletionFormEn).filter((key) => key.includes('.error.')),
    ] as DeletionFormKey[]
  ).map((key) => [deletionFormEn[key] as string, key]),
);

const inPageLanguage = (t: Translate, message: string | undefined) => {
  const key = message && MESSAGE_KEYS.get(message);
  return key ? t(key) : message;
};

type FieldName = 'email' | 'accountId' | 'note' | typeof DELETION_HONEYPOT;
type Values = Record<FieldName, string>;

const EMPTY: Values = { email: '', accountId: '', note: '', [DELETION_HONEYPOT]: '' };

export const DELETION_FAILED = deletionFormEn['deletionForm.failed'];

export interface DeletionFormProps {
  appId: number;
  appSlug: string;
  appTitle: string;
  /** What the visitor sent when the server answers a plain POST with errors. */
  values?: Partial<Values>;
  errors?: Partial<Record<FieldName, string>>;
  /** A plain POST that went through: the reference to show. */
  receipt?: DeletionReceipt;
  /** A plain POST the server could not take: why, in words. */
  failure?: string;
}

function Receipt({ receipt, appTitle, focus }: { receipt: DeletionReceipt; appTitle: string; focus: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const t = useT();
  const intl = useIntl();
  const name = { app: appTitle };
  // Sent with JavaScript, the receipt replaces the form: reading moves to it.
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <div
      role="status"
      data-testid="deletion-receipt"
      className="rounded-lg border border-primary/40 bg-accent p-5 text-accent-foreground"
    >
      <h3 ref={heading} tabIndex={-1} className="flex items-center gap-2 text-lg font-semibold outline-none">
        {receipt.emailed ? (
          <MailCheck aria-hidden="true" className="size-5 text-primary" />
        ) : (
          <CircleCheck aria-hidden="true" className="size-5 text-primary" />
        )}
        {t(receipt.emailed ? 'deletionForm.checkEmail' : 'deletionForm.received')}
      </h3>
      <DeletionReference
        reference={receipt.reference}
        className="mt-3"
        strongClassName="font-mono text-xl tracking-wider"
        label={t('deletionForm.reference')}
      />
      {receipt.emailed ? (
        <p className="mt-2 text-sm">
          {t('deletionForm.emailedText', { ...name, confirmDays: DELETION_CONFIRM_DAYS, days: receipt.days })}
        </p>
      ) : (
        <p className="mt-2 text-sm">
          {intl.formatMessage(
            { id: 'deletionForm.dueText' },
            { ...name, date: formatLongIn(intl.locale, receipt.dueAt), b: (chunks) => <strong>{chunks}</strong> },
          )}
        </p>
      )}
    </div>
  );
}

export default function DeletionForm({
  appId,
  appSlug,
  appTitle,
  values = {},
  errors: serverErrors = {},
  receipt: sentReceipt,
  failure: sentFailure,
}: DeletionFormProps) {
  const t = useT();
  const intl = useIntl();
  const [receipt, setReceipt] = useState(sentReceipt);
  const [failure, setFailure] = useState(sentFailure);
  const returned = Object.keys(serverErrors).length > 0;
  const form = useForm<DeletionRequestInput>({
    resolver: zodResolver(DeletionRequestInputSchema),
    defaultValues: { ...EMPTY, ...values },
    mode: returned ? 'onChange' : 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting, dirtyFields, submitCount } = form.formState;
  const errorOf = (name: FieldName) =>
    inPageLanguage(
      t,
      errors[name]?.message ?? (submitCount === 0 && !dirtyFields[name] ? serverErrors[name] : undefined),
    );

  if (receipt) return <Receipt receipt={receipt} appTitle={appTitle} focus={receipt !== sentReceipt} />;

  const onSubmit = form.handleSubmit(async (input) => {
    setFailure(undefined);
    try {
      // Its emails are written in the page's language (issue 24).
      setReceipt(await sendDeletionRequest(appId, { ...input, locale: intl.locale }));
    } catch (error) {
      console.warn('Failed to send the deletion request:', error);
      setFailure(error instanceof ApiError && error.status === 429 ? error.serverMessage : DELETION_FAILED);
    }
  });

  const field = (name: FieldName, hint?: boolean) => {
    const error = errorOf(name);
    const id = `deletion-${name}`;
    const described = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ');
    return {
      ...form.register(name),
      id,
      defaultValue: values[name] ?? '',
      'aria-invalid': error ? true : undefined,
      'aria-describedby': described || undefined,
    };
  };

  return (
    <form
      method="post"
      action={`${paths.appDeleteAccount(appSlug)}#request-heading`}
      onSubmit={onSubmit}
      noValidate
      className="space-y-5"
      aria-labelledby="request-heading"
    >
      {failure && (
        <p role="alert" className="rounded-md border border-destructive/50 p-4 text-sm text-destructive">
          {inPageLanguage(t, failure)}
        </p>
      )}
      <div className="space-y-2">
        <Label htmlFor="deletion-email">{t('deletionForm.email')}</Label>
        <Input type="email" autoComplete="email" required {...field('email', true)} />
        <p id="deletion-email-hint" className="text-sm text-muted-foreground">
          {t('deletionForm.emailHint', { app: appTitle })}
        </p>
        <FieldError id="deletion-email-error" message={errorOf('email')} />
      </div>
      <div className="space-y-2">
        <Label htmlFor="deletion-accountId">
          {t('deletionForm.accountId')}{' '}
          <span className="font-normal text-muted-foreground">{t('deletionForm.optional')}</span>
        </Label>
        <Input autoComplete="username" maxLength={ACCOUNT_ID_MAX} {...field('accountId', true)} />
        <p id="deletion-accountId-hint" className="text-sm text-muted-foreground">
          {t('deletionForm.accountIdHint')}
        </p>
        <FieldError id="deletion-accountId-error" message={errorOf('accountId')} />
      </div>
      <div className="space-y-2">
        <Label htmlFor="deletion-note">
          {t('deletionForm.note')}{' '}
          <span className="font-normal text-muted-foreground">{t('deletionForm.optional')}</span>
        </Label>
        <Textarea rows={4} maxLength={DELETION_NOTE_MAX} {...field('note')} />
        <FieldError id="deletion-note-error" message={errorOf('note')} />
      </div>
      {/* Honeypot: hidden from people and screen readers; bots fill it in and are dropped. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`deletion-${DELETION_HONEYPOT}`}>Website</label>
        <input tabIndex={-1} autoComplete="off" {...field(DELETION_HONEYPOT)} />
      </div>
      <Button type="submit" size="lg" variant="destructive" disabled={isSubmitting} className="w-full sm:w-auto">
        {t(isSubmitting ? 'deletionForm.sending' : 'deletionForm.send')}
      </Button>
    </form>
  );
}
