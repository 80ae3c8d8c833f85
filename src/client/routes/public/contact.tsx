import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, MapPin } from 'lucide-react';
import { useForm } from 'react-hook-form';
import {
  ContactMessageRequestSchema,
  HONEYPOT_FIELD,
  type ContactMessageRequest,
} from '../../../shared/schemas/messages';
import { Head } from '../../app/head';
import { contactHead } from '../../app/seo';
import { useSite } from '../../app/site-context';
import { PageContainer } from '../../components/page';
import { SpriteIcon } from '../../components/sprite-icon';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label, Textarea } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { useSendMessage } from '../../features/messages/api';
import { useContactInfo } from '../../features/pages/api';

// The request schema, not the input schema: its resolver keeps the honeypot field, so what a bot
// types there reaches the server, which drops the message.
type FormValues = ContactMessageRequest;

const EMPTY: FormValues = { firstName: '', lastName: '', email: '', subject: '', message: '', [HONEYPOT_FIELD]: '' };

function InfoPanel() {
  const contact = useContactInfo();
  const c = contact.data;
  const socials = [
    { href: c?.twitterLink, label: 'X (Twitter)', icon: 'x-twitter' as const },
    { href: c?.linkedinLink, label: 'LinkedIn', icon: 'linkedin' as const },
    { href: c?.githubLink, label: 'GitHub', icon: 'github' as const },
  ].filter((s): s is typeof s & { href: string } => Boolean(s.href));
  return (
    <aside aria-labelledby="contact-info-title" className="rounded-xl border bg-card p-6 shadow-sm">
      <h2 id="contact-info-title" className="text-xl font-semibold">
        Contact Information
      </h2>
      {contact.isPending ? (
        <div
          className="mt-6 space-y-5"
          aria-busy="true"
          aria-label="Loading contact information"
          data-testid="contact-skeleton"
        >
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-5 w-1/2" />
          <div className="flex gap-2">
            <Skeleton className="size-10 rounded-full" />
            <Skeleton className="size-10 rounded-full" />
            <Skeleton className="size-10 rounded-full" />
          </div>
        </div>
      ) : contact.isError || !c ? (
        <p className="mt-4 text-muted-foreground">
          Contact details are not available right now. The form still reaches us.
        </p>
      ) : (
        <dl className="mt-6 space-y-5">
          <div className="flex gap-3">
            <dt>
              <Mail aria-hidden="true" className="mt-0.5 size-5 text-primary" />
              <span className="sr-only">Email</span>
            </dt>
            <dd>
              <a href={`mailto:${c.email}`} className="font-medium break-all hover:text-primary hover:underline">
                {c.email}
              </a>
            </dd>
          </div>
          {c.location && (
            <div className="flex gap-3">
              <dt>
                <MapPin aria-hidden="true" className="mt-0.5 size-5 text-primary" />
                <span className="sr-only">Location</span>
              </dt>
              <dd>{c.location}</dd>
            </div>
          )}
          {socials.length > 0 && (
            <div>
              <dt className="mb-2 text-sm font-medium text-muted-foreground">Follow us</dt>
              <dd className="flex gap-2">
                {socials.map(({ href, label, icon }) => (
                  <a
                    key={label}
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="grid size-10 place-items-center rounded-full border hover:bg-accent"
                  >
                    <SpriteIcon name={icon} />
                    <span className="sr-only">{label}</span>
                  </a>
                ))}
              </dd>
            </div>
          )}
        </dl>
      )}
    </aside>
  );
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

function ContactForm() {
  const send = useSendMessage();
  const form = useForm<FormValues>({
    resolver: zodResolver(ContactMessageRequestSchema),
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      toast({ title: 'Message sent', description: "Thank you for your message. We'll get back to you soon." });
      form.reset(EMPTY);
    } catch (error) {
      console.warn('Failed to send message:', error);
      toast({
        title: 'Error',
        description: 'Failed to send your message. Please try again later.',
        variant: 'destructive',
      });
    }
  });

  const aria = (name: keyof FormValues) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${name}-error` : undefined,
  });

  return (
    <section aria-labelledby="send-title" className="rounded-xl border bg-card p-6 shadow-sm">
      <h2 id="send-title" className="text-xl font-semibold">
        Send a Message
      </h2>
      <noscript>
        <p className="mt-4 rounded-md border border-dashed p-3 text-sm text-muted-foreground">
          Sending this form needs JavaScript. You can also write to us by email (see Contact Information).
        </p>
      </noscript>
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="firstName" label="First name" error={errors.firstName?.message}>
            <Input id="firstName" autoComplete="given-name" {...form.register('firstName')} {...aria('firstName')} />
          </Field>
          <Field id="lastName" label="Last name" error={errors.lastName?.message}>
            <Input id="lastName" autoComplete="family-name" {...form.register('lastName')} {...aria('lastName')} />
          </Field>
        </div>
        <Field id="email" label="Email" error={errors.email?.message}>
          <Input id="email" type="email" autoComplete="email" {...form.register('email')} {...aria('email')} />
        </Field>
        <Field id="subject" label="Subject" error={errors.subject?.message}>
          <Input id="subject" {...form.register('subject')} {...aria('subject')} />
        </Field>
        <Field id="message" label="Message" error={errors.message?.message}>
          <Textarea id="message" rows={6} {...form.register('message')} {...aria('message')} />
        </Field>
        {/* Honeypot: hidden from people and screen readers; bots fill it in and are dropped. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor={HONEYPOT_FIELD}>Website</label>
          <input id={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" {...form.register(HONEYPOT_FIELD)} />
        </div>
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? 'Sending...' : 'Send Message'}
        </Button>
      </form>
    </section>
  );
}

export default function ContactPage() {
  const site = useSite();
  return (
    <PageContainer>
      <Head {...contactHead(site)} />
      <div className="max-w-2xl">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Contact Us</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Questions, feedback, bug reports or partnership ideas: we read every message.
        </p>
      </div>
      <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_1.6fr]">
        <InfoPanel />
        <ContactForm />
      </div>
    </PageContainer>
  );
}
