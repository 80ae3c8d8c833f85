import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useRoutes } from 'react-router';
import { MediaAltContext } from '../components/media-image';
import type { ContactFormProps } from '../islands/contact-form';
import type { DeletionFormProps } from '../islands/deletion-form';
import {
  ContactFormContext,
  DeletionConfirmContext,
  DeletionFormContext,
  SubscriptionPageContext,
  type DeletionConfirmState,
  type SubscriptionPageState,
} from '../page-kit/page-state';
import { VisitorPlatformContext } from '../page-kit/visitor-platform';
import type { VisitorPlatform } from '../../shared/visitor-platform';
import { routes } from './public-pages';
import { SiteContext, type SiteInfo } from '../page-kit/site-context';
import { DEFAULT_PAGE_LOCALE, LocaleContext, type PageLocale } from '../page-kit/locale';
import { MessagesProvider } from '../page-kit/messages';
import { messagesFor } from '../../shared/messages';

function Routes() {
  return useRoutes(routes);
}

export interface PublicAppProps {
  /** Holds the page's reads, made by the server before rendering. */
  queryClient: QueryClient;
  site: SiteInfo;
  /** The page's language. */
  locale?: PageLocale;
  /** The page's words (its language's catalogue and the staff's overrides); by default its catalogue's. */
  messages?: Record<string, string>;
  /** The alt texts of the page's uploaded images, by URL. */
  mediaAlt?: Record<string, string>;
  /** The contact form's state after a plain (no-JavaScript) POST. */
  contactForm?: ContactFormProps;
  /** The visitor's platform, for pages that vary by it (the store badges' order). */
  platform?: VisitorPlatform;
  /** An app's deletion form after a plain POST: its values and errors, or the receipt (issue 14). */
  deletionForm?: Partial<DeletionFormProps>;
  /** A deletion request's confirmation page after its POST (issue 21). */
  deletionConfirm?: DeletionConfirmState;
  /** A mailing list's page after a plain POST (issue 26). */
  subscription?: SubscriptionPageState;
}

/** A public page as the server renders it (inside a StaticRouter): static HTML and islands. */
export function PublicApp({
  queryClient,
  site,
  locale = DEFAULT_PAGE_LOCALE,
  messages,
  mediaAlt = {},
  contactForm = {},
  platform = 'other',
  deletionForm = {},
  deletionConfirm = {},
  subscription = {},
}: PublicAppProps) {
  return (
    <SiteContext.Provider value={site}>
      <LocaleContext.Provider value={locale}>
        <MessagesProvider locale={locale.code} messages={messages ?? messagesFor(locale.code)}>
          <VisitorPlatformContext.Provider value={platform}>
            <MediaAltContext.Provider value={mediaAlt}>
              <ContactFormContext.Provider value={contactForm}>
                <DeletionFormContext.Provider value={deletionForm}>
                  <DeletionConfirmContext.Provider value={deletionConfirm}>
                    <SubscriptionPageContext.Provider value={subscription}>
                      <QueryClientProvider client={queryClient}>
                        <Routes />
                      </QueryClientProvider>
                    </SubscriptionPageContext.Provider>
                  </DeletionConfirmContext.Provider>
                </DeletionFormContext.Provider>
              </ContactFormContext.Provider>
            </MediaAltContext.Provider>
          </VisitorPlatformContext.Provider>
        </MessagesProvider>
      </LocaleContext.Provider>
    </SiteContext.Provider>
  );
}
