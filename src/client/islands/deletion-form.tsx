// Island: an app's account-deletion request form (issue 14). Without JavaScript it is a plain POST to
// the page itself, which the server checks with the same schema and answers with this form again
// (errors and values) or the receipt; with JavaScript it checks in the browser and sends to the API.
// Either way the visitor ends up reading their reference on screen, and, when the site sends mail,
// that a link to confirm the request is on its way (issue 21).
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, MailCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatLongGb } from '../../shared/dates';
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

type FieldName = 'email' | 'accountId' | 'note' | typeof DELETION_HONEYPOT;
type Values = Record<FieldName, string>;

const EMPTY: Values = { email: '', accountId: '', note: '', [DELETION_HONEYPOT]: '' };

export const DELETION_FAILED = 'Your request could not be sent. Please try again later, or write to us.';

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
        {receipt.emailed ? 'Check your email to confirm' : 'Request received'}
      </h3>
      <DeletionReference
        reference={receipt.reference}
        className="mt-3"
        strongClassName="font-mono text-xl tracking-wider"
      />
      {receipt.emailed ? (
        <p className="mt-2 text-sm">
          We have sent a link to your email address. Open it within {DELETION_CONFIRM_DAYS} days to confirm that the
          request is yours: we will then delete your {appTitle} account and data within {receipt.days} days. Please
          quote the reference if you write to us about it.
        </p>
      ) : (
        <p className="mt-2 text-sm">
          We will delete your {appTitle} account and data by <strong>{formatLongGb(receipt.dueAt)}</strong> at the
          latest. Please quote the reference if you write to us about it.
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
    errors[name]?.message ?? (submitCount === 0 && !dirtyFields[name] ? serverErrors[name] : undefined);

  if (receipt) return <Receipt receipt={receipt} appTitle={appTitle} focus={receipt !== sentReceipt} />;

  const onSubmit = form.handleSubmit(async (input) => {
    setFailure(undefined);
    try {
      setReceipt(await sendDeletionRequest(appId, input));
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
          {failure}
        </p>
      )}
      <div className="space-y-2">
        <Label htmlFor="deletion-email">Email address</Label>
        <Input type="email" autoComplete="email" required {...field('email', true)} />
        <p id="deletion-email-hint" className="text-sm text-muted-foreground">
          The one your {appTitle} account uses. We write to it if we need to confirm it is you.
        </p>
        <FieldError id="deletion-email-error" message={errorOf('email')} />
      </div>
      <div className="space-y-2">
        <Label htmlFor="deletion-accountId">
          Account identifier <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Input autoComplete="username" maxLength={ACCOUNT_ID_MAX} {...field('accountId', true)} />
        <p id="deletion-accountId-hint" className="text-sm text-muted-foreground">
          Your username, player id or account number, if you know it.
        </p>
        <FieldError id="deletion-accountId-error" message={errorOf('accountId')} />
      </div>
      <div className="space-y-2">
        <Label htmlFor="deletion-note">
          Note <span className="font-normal text-muted-foreground">(optional)</span>
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
        {isSubmitting ? 'Sending...' : 'Ask for deletion'}
      </Button>
    </form>
  );
}
