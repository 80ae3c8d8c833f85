// What a server render knows besides the page's data: the outcome of a form sent without JavaScript
// (the contact form, an app's deletion form, a deletion request's confirmation).
import { createContext } from 'react';
import type { DeletionConfirmation } from '../../shared/schemas/app-pages';
import type { SubscriptionConfirmation } from '../../shared/schemas/subscriptions';
import type { SubscribeFormProps } from '../islands/subscribe-form';
import type { ContactFormProps } from '../islands/contact-form';
import type { DeletionFormProps } from '../islands/deletion-form';

export const ContactFormContext = createContext<ContactFormProps>({});

/** An app's deletion form after a plain POST: its values and errors, or the receipt (issue 14). */
export const DeletionFormContext = createContext<Partial<DeletionFormProps>>({});

/** A deletion request's confirmation page after its POST (issue 21): the confirmed request, or that the link could not confirm anything. */
export interface DeletionConfirmState {
  confirmed?: DeletionConfirmation;
  gone?: boolean;
}
export const DeletionConfirmContext = createContext<DeletionConfirmState>({});

/**
 * The mailing lists' pages after a plain POST (issue 26): the sign-up form's outcome (/subscriptions),
 * the confirmation link's (confirmed, or the link could not confirm anything), or the unsubscribe
 * page's (every list left, or one list's choice saved).
 */
export interface SubscriptionPageState {
  signUp?: Omit<SubscribeFormProps, 'site' | 'locale'>;
  confirmed?: SubscriptionConfirmation;
  gone?: boolean;
  changed?: 'all' | 'saved';
}
export const SubscriptionPageContext = createContext<SubscriptionPageState>({});
