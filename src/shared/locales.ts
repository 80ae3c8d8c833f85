// The languages a studio's site can speak: BCP 47 tags, each with its own name (as its speakers
// write it, for the language switcher and "View this page in …?"), its English name (for staff),
// its writing direction, and the codes the App Store and Google Play use for the same language
// (their store listings and links name languages their own way: zh-Hans is App Store "zh-Hans" and
// Play "zh-CN"; Hebrew is Play's old "iw-IL").

export type TextDirection = 'ltr' | 'rtl';

export interface KnownLocale {
  /** The BCP 47 tag the site's addresses use (`/pt-BR/blog`). */
  code: string;
  /** Its name in itself ("Deutsch"). */
  name: string;
  /** Its name in English ("German"), for staff. */
  englishName: string;
  dir: TextDirection;
  /** App Store Connect's localization code. */
  appStore: string;
  /** Google Play Console's language code. */
  play: string;
}

const locale = (
  code: string,
  name: string,
  englishName: string,
  appStore: string,
  play: string,
  dir: TextDirection = 'ltr',
): KnownLocale => ({ code, name, englishName, dir, appStore, play });

/** Every language the site can be written in, in the order staff pick from. */
export const KNOWN_LOCALES: readonly KnownLocale[] = [
  locale('en', 'English', 'English', 'en-US', 'en-US'),
  locale('en-GB', 'English (UK)', 'English (UK)', 'en-GB', 'en-GB'),
  locale('de', 'Deutsch', 'German', 'de-DE', 'de-DE'),
  locale('fr', 'Français', 'French', 'fr-FR', 'fr-FR'),
  locale('fr-CA', 'Français (Canada)', 'French (Canada)', 'fr-CA', 'fr-CA'),
  locale('es', 'Español', 'Spanish', 'es-ES', 'es-ES'),
  locale('es-419', 'Español (Latinoamérica)', 'Spanish (Latin America)', 'es-MX', 'es-419'),
  locale('pt-BR', 'Português (Brasil)', 'Portuguese (Brazil)', 'pt-BR', 'pt-BR'),
  locale('pt-PT', 'Português (Portugal)', 'Portuguese (Portugal)', 'pt-PT', 'pt-PT'),
  locale('it', 'Italiano', 'Italian', 'it', 'it-IT'),
  locale('nl', 'Nederlands', 'Dutch', 'nl-NL', 'nl-NL'),
  locale('sv', 'Svenska', 'Swedish', 'sv', 'sv-SE'),
  locale('da', 'Dansk', 'Danish', 'da', 'da-DK'),
  locale('fi', 'Suomi', 'Finnish', 'fi', 'fi-FI'),
  locale('nb', 'Norsk bokmål', 'Norwegian', 'no', 'no-NO'),
  locale('pl', 'Polski', 'Polish', 'pl', 'pl-PL'),
  locale('cs', 'Čeština', 'Czech', 'cs', 'cs-CZ'),
  locale('sk', 'Slovenčina', 'Slovak', 'sk', 'sk'),
  locale('hu', 'Magyar', 'Hungarian', 'hu', 'hu-HU'),
  locale('ro', 'Română', 'Romanian', 'ro', 'ro'),
  locale('hr', 'Hrvatski', 'Croatian', 'hr', 'hr'),
  locale('el', 'Ελληνικά', 'Greek', 'el', 'el-GR'),
  locale('uk', 'Українська', 'Ukrainian', 'uk', 'uk'),
  locale('ru', 'Русский', 'Russian', 'ru', 'ru-RU'),
  locale('tr', 'Türkçe', 'Turkish', 'tr', 'tr-TR'),
  locale('ar', 'العربية', 'Arabic', 'ar-SA', 'ar', 'rtl'),
  locale('he', 'עברית', 'Hebrew', 'he', 'iw-IL', 'rtl'),
  locale('hi', 'हिन्दी', 'Hindi', 'hi', 'hi-IN'),
  locale('th', 'ไทย', 'Thai', 'th', 'th'),
  locale('vi', 'Tiếng Việt', 'Vietnamese', 'vi', 'vi'),
  locale('id', 'Bahasa Indonesia', 'Indonesian', 'id', 'id'),
  locale('ms', 'Bahasa Melayu', 'Malay', 'ms', 'ms'),
  locale('ja', '日本語', 'Japanese', 'ja', 'ja-JP'),
  locale('ko', '한국어', 'Korean', 'ko', 'ko-KR'),
  locale('zh-Hans', '简体中文', 'Chinese (Simplified)', 'zh-Hans', 'zh-CN'),
  locale('zh-Hant', '繁體中文', 'Chinese (Traditional)', 'zh-Hant', 'zh-TW'),
];

const BY_CODE = new Map(KNOWN_LOCALES.map((l) => [l.code.toLowerCase(), l]));

/** The known locale with this tag, in any letter case ('pt-br' → pt-BR), if there is one. */
export function knownLocale(code: string): KnownLocale | undefined {
  return BY_CODE.get(code.toLowerCase());
}

/** The tag as the site spells it ('pt-br' → 'pt-BR'), or undefined when it is not a known locale. */
export function canonicalLocale(code: string): string | undefined {
  return knownLocale(code)?.code;
}

/** A site locale as the public settings list it (`GET /api/site-settings` → `locales`). */
export interface SiteLocale {
  code: string;
  name: string;
  isDefault: boolean;
  dir: TextDirection;
}
