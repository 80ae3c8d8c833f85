// An app's store addresses: the link staff pasted, else one made from its store id (issue 13).
import type { App } from './schemas/apps';

type StoreFields = Pick<App, 'appStoreLink' | 'appleAppId' | 'googlePlayLink' | 'googlePlayPackage'>;

/** The App Store page: the pasted link, else https://apps.apple.com/app/id{appleAppId}. */
export const appStoreUrl = (app: StoreFields): string | null =>
  app.appStoreLink || (app.appleAppId ? `https://apps.apple.com/app/id${app.appleAppId}` : null);

/** The Google Play page: the pasted link, else the package's details page. */
export const googlePlayUrl = (app: StoreFields): string | null =>
  app.googlePlayLink ||
  (app.googlePlayPackage
    ? `https://play.google.com/store/apps/details?id=${encodeURIComponent(app.googlePlayPackage)}`
    : null);

/** The numeric App Store id: the app's own, else the one in its App Store link (…/id1234567890). */
export function appleAppIdOf(app: Pick<App, 'appleAppId' | 'appStoreLink'>): string | undefined {
  return app.appleAppId || (app.appStoreLink ? /\/id(\d{5,})/.exec(app.appStoreLink)?.[1] : undefined);
}

/** The Google Play package: the app's own, else the id in its Google Play link (?id=com.studio.game). */
export function googlePlayPackageOf(app: Pick<App, 'googlePlayPackage' | 'googlePlayLink'>): string | undefined {
  if (app.googlePlayPackage) return app.googlePlayPackage;
  if (!app.googlePlayLink) return undefined;
  try {
    return new URL(app.googlePlayLink).searchParams.get('id') ?? undefined;
  } catch {
    return undefined;
  }
}
