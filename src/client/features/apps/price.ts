import type { App } from '../../../shared/schemas/apps';

/**
 * An app's price as a visitor reads it: "Free", or "$3.99" in the app's currency, written the way
 * the page's language writes money ('de' → "3,99 $").
 */
export function formatPrice(
  app: Pick<App, 'priceAmount' | 'priceCurrency'>,
  { locale = 'en-US', free = 'Free' }: { locale?: string; free?: string } = {},
): string {
  if (!app.priceAmount || Number(app.priceAmount) === 0) return free;
  try {
    return new Intl.NumberFormat(locale === 'en' ? 'en-US' : locale, {
      style: 'currency',
      currency: app.priceCurrency ?? 'USD',
    }).format(Number(app.priceAmount));
  } catch {
    return `${app.priceAmount} ${app.priceCurrency ?? ''}`.trim();
  }
}
