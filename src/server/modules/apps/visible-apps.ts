// "May this caller see this app?", answered in one place: signed-in staff see hidden apps and
// draft posts, visitors do not (a hidden app is as absent as a missing one: 404).
import type { FastifyRequest } from 'fastify';
import type { App } from '../../../shared/schemas/apps';
import { notFound } from '../../lib/errors';
import type { Auth } from '../../plugins/auth';
import type { Audience, AppsRepo } from './apps.repo';

export interface VisibleApps {
  /** What this caller may see: staff (signed in) see hidden apps and drafts. */
  audience(request: FastifyRequest): Promise<Required<Audience>>;
  /** The app by id, or 404 App when it is missing or hidden from this caller. */
  appFor(request: FastifyRequest, id: number): Promise<App>;
  /** The app by slug, or 404 App when it is missing or hidden from this caller. */
  appBySlug(request: FastifyRequest, slug: string): Promise<App>;
  /** A visitor's view of an app (no request: forms, feeds): undefined when missing or hidden. */
  visitorApp(idOrSlug: number | string): Promise<App | undefined>;
  /** The apps every visitor sees (feeds, the files stores fetch). */
  visitorApps(): Promise<App[]>;
  /** Whether this caller may read a post: staff read every post, visitors published posts of visible apps. */
  maySeePost(request: FastifyRequest, post: { appId: number | null; isPublished: boolean }): Promise<boolean>;
}

export function visibleApps(apps: AppsRepo, auth: Pick<Auth, 'loadUser'>): VisibleApps {
  const audience = async (request: FastifyRequest) => {
    await auth.loadUser(request);
    return { includeHidden: Boolean(request.user) };
  };
  const found = (app: App | undefined) => {
    if (!app) throw notFound('App');
    return app;
  };
  return {
    audience,
    appFor: async (request, id) => found(await apps.get(id, await audience(request))),
    appBySlug: async (request, slug) => found(await apps.getBySlug(slug, await audience(request))),
    visitorApp: (idOrSlug) => (typeof idOrSlug === 'number' ? apps.get(idOrSlug) : apps.getBySlug(idOrSlug)),
    visitorApps: () => apps.list(),
    async maySeePost(request, post) {
      if ((await audience(request)).includeHidden) return true;
      // A studio post (issue 26) has no app to hide it.
      return post.isPublished && (post.appId === null || (await apps.get(post.appId)) !== undefined);
    },
  };
}
