// The page's messages outside React (a page's head, the server's structured data and render).
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { messagesFor, type Messages } from '../../shared/messages';
import { translator, type Translate } from './messages';

const cache = createIntlCache();

export interface PageIntl {
  intl: IntlShape;
  t: Translate;
  messages: Messages;
}

/** The messages of a page in `locale`, with the staff's overrides, and a `Translate` over them. */
export function intlFor(locale: string, overrides: Partial<Record<string, string>> = {}): PageIntl {
  const messages = messagesFor(locale, overrides);
  const intl = createIntl({ locale, messages, defaultLocale: 'en' }, cache);
  return { intl, t: translator(intl), messages };
}
