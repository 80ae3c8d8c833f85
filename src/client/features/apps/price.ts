import type { App } from '../../../shared/schemas/apps';

/** An app's price as a visitor reads it: "Free", or "$3.99" in the app's currency. */
export function formatPrice(app: Pick<App, 'priceAmount' | 'priceCurrency'>): string {
  if (!app.priceAmount || Number(app.priceAmount) === 0) return 'Free';
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: app.priceCurrency ?? 'USD' }).format(
      Number(app.priceAmount),
    );
  } catch {
    return `${app.priceAmount} ${app.priceCurrency ?? ''}`.trim();
  }
}
