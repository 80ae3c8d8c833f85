// Site settings: read by everyone (every page shows the name), written by staff. A save drops the
// rendered-page caches on every instance, so the new name shows at once everywhere.
import { SHARE_IMAGE_RULE, SiteSettingsInputSchema, SiteSettingsSchema } from '../../../shared/schemas/site-settings';
import { api } from '../../../shared/paths';
import { uploadedShareImage } from '../../../shared/share-image';
import { invalid } from '../../lib/errors';
import type { AppModule } from '../../types';

export const siteSettingsModule: AppModule = async (app, { deps, auth }) => {
  const repo = deps.repos.siteSettings;
  const media = deps.repos.media;

  app.get(
    api.siteSettings,
    {
      config: { publicRead: true, translate: { type: 'page', item: 'site', optional: true } },
      schema: { response: { 200: SiteSettingsSchema } },
    },
    () => repo.get(),
  );

  app.put(
    api.siteSettings,
    {
      onRequest: auth.requireStaff,
      config: { changesContent: true },
      schema: { body: SiteSettingsInputSchema, response: { 200: SiteSettingsSchema } },
    },
    async (request) => {
      const { logo, shareImage } = request.body;
      // An image must be one the library holds (and can later refuse to delete while it is used).
      const issues = [];
      for (const [path, value] of [
        ['logo', logo],
        ['shareImage', shareImage],
      ] as const) {
        if (value && !(await media.file(value)))
          issues.push({ path, message: 'Choose an image from the media library' });
      }
      if (shareImage && !issues.length && !uploadedShareImage(shareImage, '')) {
        issues.push({ path: 'shareImage', message: SHARE_IMAGE_RULE });
      }
      if (issues.length) throw invalid('Choose images from the media library', issues);
      return deps.audit.write(request, {
        type: 'settings',
        verb: 'update',
        id: 'site',
        label: 'Site settings',
        before: () => repo.get(),
        write: () => repo.put(request.body),
      });
    },
  );
};
