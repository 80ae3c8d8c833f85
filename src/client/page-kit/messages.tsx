// The page's words: react-intl's provider with the page's messages (its language's catalogue over
// English, the staff's overrides over both: shared/messages), and `useT()` to read them. The public
// pages render on the server only; an island gets just its namespaces (islands/island.tsx). This file
// holds no catalogue (islands hydrate with it): the server's `intlFor` is in intl.ts.
import { useContext, useMemo, type ReactNode } from 'react';
import { createIntl, IntlContext, IntlProvider, useIntl, type IntlShape } from 'react-intl';
import type { MessageKey, Messages } from '../../shared/messages';

export type MessageValues = Record<string, string | number | Date | ((chunks: ReactNode[]) => ReactNode)>;

/** A message by key, formatted with its values (ICU: plurals, dates, numbers, tags). */
export type Translate = (key: MessageKey, values?: Record<string, string | number | Date>) => string;

/** A message with tags (`<code>…</code>`) given as React elements. */
export type TranslateRich = (key: MessageKey, values: MessageValues) => ReactNode;

export const translator =
  (intl: IntlShape): Translate =>
  (key, values) =>
    intl.formatMessage({ id: key }, values);

export function MessagesProvider({
  locale,
  messages,
  children,
}: {
  locale: string;
  messages: Partial<Messages> | Record<string, string>;
  children: ReactNode;
}) {
  return (
    <IntlProvider locale={locale} messages={messages} defaultLocale="en">
      {children}
    </IntlProvider>
  );
}

export function useT(): Translate {
  return translator(useIntl());
}

/**
 * An island's `useT` where a page may render it without its messages (`<Island>` without
 * `messages`, as the press kit's trailer is): its English then.
 */
export function useIslandT(english: Readonly<Record<string, string>>): Translate {
  const intl = useContext(IntlContext);
  const own = useMemo(() => (intl ? null : createIntl({ locale: 'en', messages: english })), [intl, english]);
  return translator((intl ?? own)!);
}

export function useTRich(): TranslateRich {
  const intl = useIntl();
  return (key, values) => intl.formatMessage({ id: key }, values);
}
