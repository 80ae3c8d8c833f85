// A mailing list's sign-up form as a page places it (issue 26): the studio's newsletter (the
// /subscriptions page, posts of apps that take no sign-ups) or an app's notify-me list (its page before launch or in
// testing, and its posts then), as the subscribe-form island.
import { useLocation } from 'react-router';
import { PLATFORM_NAMES, type Platform } from '../../shared/schemas/apps';
import { appList, STUDIO_LIST } from '../../shared/schemas/lists';
import { isSubscribable, type SignupForm } from '../../shared/schemas/subscriptions';
import { Island } from '../islands/island';
import SubscribeForm, { type SubscribeFormProps } from '../islands/subscribe-form';
import { useLocale } from './locale';
import { useSite } from './site-context';

export interface ListApp {
  id: number;
  title: string;
  status: string;
  platforms: string[];
}

/** The list a page about `app` offers: its own while it takes sign-ups, else the studio's newsletter. */
export const listFor = (app: ListApp | undefined): ListApp | undefined =>
  app && isSubscribable(app.status) ? app : undefined;

/** The form's props for `app`'s list (or the newsletter), on the page at `page`. */
export function useSubscribeProps(
  app: ListApp | undefined,
  form: SignupForm,
): Omit<SubscribeFormProps, 'values' | 'errors' | 'sent' | 'failure'> {
  const site = useSite();
  const locale = useLocale();
  const { pathname } = useLocation();
  return {
    list: app ? appList(app.id) : STUDIO_LIST,
    app: app?.title ?? '',
    site: site.name,
    platforms: (app?.platforms ?? []).map((p) => ({ value: p, label: PLATFORM_NAMES[p as Platform] ?? p })),
    form,
    page: pathname,
    ...(locale.isDefault ? {} : { locale: locale.code }),
  };
}

/** The sign-up form of `app`'s list, or of the studio's newsletter without one. */
export function SubscribeBox({
  app,
  form,
  className = 'rounded-xl border bg-card p-6',
  state,
}: {
  app?: ListApp;
  form: SignupForm;
  className?: string;
  /** After a plain POST (the /subscriptions page): the values, errors or outcome. */
  state?: Pick<SubscribeFormProps, 'values' | 'errors' | 'sent' | 'failure'>;
}) {
  const props = useSubscribeProps(app, form);
  return (
    <section className={className} data-testid="subscribe-box">
      <Island
        name="subscribe-form"
        component={SubscribeForm}
        props={{ ...props, ...state }}
        messages={['subscribeForm']}
      />
    </section>
  );
}
