// The press kits' addresses (issue 14, part 4): pages, ZIP downloads and API calls.

export const pressPaths = {
  /** The studio's press kit. */
  studio: '/press',
  studioImages: '/press/images.zip',
  studioLogos: '/press/logos.zip',
  /** An app's press kit. */
  app: (slug: string) => `/apps/${slug}/press`,
  appScreenshots: (slug: string) => `/apps/${slug}/press/screenshots.zip`,
  appLogos: (slug: string) => `/apps/${slug}/press/logos.zip`,
  /** The admin's studio press kit screen (an app's kit is a card on the app form). */
  admin: '/admin-page/press',
} as const;

export const pressApi = {
  /** Public reads (what the pages render). */
  studio: '/api/press-kits/studio',
  app: (appId: number | string) => `/api/apps/${appId}/press-kit`,
  /** Staff: read and write (upsert, If-Match). */
  adminStudio: '/api/admin/press-kits/studio',
  adminApp: (appId: number | string) => `/api/admin/press-kits/apps/${appId}`,
  /** A journalist asks for a press copy (public). */
  requests: '/api/press-requests',
} as const;
