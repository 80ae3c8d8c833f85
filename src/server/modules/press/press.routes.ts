// Press kits (issue 14, part 4): staff write the studio's kit and each app's (whole, If-Match),
// visitors read them (the pages render from these reads), journalists ask for a press copy (a
// message tagged 'press' in the inbox, with the contact form's honeypot and limit), and the kit's
// images come as ZIPs streamed from the stored originals.
import { paths, api } from '../../../shared/paths';
import { once } from 'node:events';
import type { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZipFile } from 'yazl';
import { z } from 'zod';
import type { App } from '../../../shared/schemas/apps';
import { IdParamsSchema, OkSchema } from '../../../shared/schemas/common';
import { HONEYPOT_FIELD } from '../../../shared/schemas/messages';
import {
  PRESS_REQUEST_TAG,
  PressKitInputSchema,
  PressKitSchema,
  PressRequestInputSchema,
  type PressKit,
} from '../../../shared/schemas/press';
import { slugify } from '../../../shared/slug';
import { editVersion } from '../../lib/if-match';
import { HttpError, invalid, notFound } from '../../lib/errors';
import { tooManyAttempts } from '../../lib/rate-limits';
import type { AppModule } from '../../types';
import type { StoredOriginal } from './press.repo';
import { acceptFormBodies } from '../../lib/form-bodies';
import { countingHeaders } from '../analytics/visitor';

const SlugParamsSchema = z.object({ id: z.string().max(200) });

/** One file of a ZIP: where its bytes are stored and its name in the archive. */
interface ZipEntry {
  path: string;
  name: string;
}

const two = (n: number) => String(n).padStart(2, '0');

/** `{prefix}-{kind}-01.png`, `-02.jpg`, … in the order given. */
const numbered = (prefix: string, kind: string, files: StoredOriginal[]): ZipEntry[] =>
  files.map((f, i) => ({ path: f.path, name: `${prefix}-${kind}-${two(i + 1)}.${f.ext}` }));

/** What the press-copy form sends as a message (the inbox's shape: first and last name, subject, text). */
export function pressMessage(
  input: z.output<typeof PressRequestInputSchema>,
  app: Pick<App, 'title'> | null,
  studio: string,
) {
  const [first = '', ...rest] = input.name.split(/\s+/);
  const what = app ? app.title : studio;
  const lines = [
    `Press copy request for ${what}`,
    `Outlet: ${input.outlet}`,
    ...(input.platform ? [`Platform: ${input.platform}`] : []),
    ...(input.message ? ['', input.message] : []),
  ];
  return {
    firstName: first,
    lastName: rest.join(' '),
    email: input.email,
    subject: `Press copy: ${what}${input.platform ? ` (${input.platform})` : ''}`.slice(0, 200),
    message: lines.join('\n'),
    tag: PRESS_REQUEST_TAG,
  };
}

export const pressModule: AppModule = async (app, { deps, auth }) => {
  const repo = deps.repos.press;
  const apps = deps.repos.apps;
  const { visibleApps, inbox } = deps;
  const settings = deps.repos.siteSettings;
  const staff = { onRequest: auth.requireStaff };
  const write = { onRequest: auth.requireStaff, config: { changesContent: true } };

  // Staff see hidden apps; visitors do not (their kits answer 404, as their pages do).
  const appOr404 = visibleApps.appFor;

  // ── Staff: read and write ──────────────────────────────────────────────────────────────────
  app.get(api.adminPressKitStudio, { ...staff, schema: { response: { 200: PressKitSchema } } }, async () =>
    repo.get(null),
  );
  app.put(
    api.adminPressKitStudio,
    { ...write, schema: { body: PressKitInputSchema, response: { 200: PressKitSchema } } },
    async (request) =>
      deps.audit.write(request, {
        type: 'press-kit',
        verb: 'update',
        id: 'studio',
        label: 'Studio press kit',
        before: () => repo.get(null),
        write: () => repo.put(null, request.body, editVersion(request)),
      }),
  );
  app.get(
    api.adminPressKitApp(':id'),
    { ...staff, schema: { params: IdParamsSchema, response: { 200: PressKitSchema } } },
    async (request) => repo.get((await appOr404(request, request.params.id)).id),
  );
  app.put(
    api.adminPressKitApp(':id'),
    { ...write, schema: { params: IdParamsSchema, body: PressKitInputSchema, response: { 200: PressKitSchema } } },
    async (request) => {
      const forApp = await appOr404(request, request.params.id);
      return deps.audit.write(request, {
        type: 'press-kit',
        verb: 'update',
        id: forApp.id,
        label: forApp.title,
        before: () => repo.get(forApp.id),
        write: () => repo.put(forApp.id, request.body, editVersion(request)),
      });
    },
  );

  // ── Visitors: the reads the pages render from ─────────────────────────────────────────────
  // Issue 24: in ?locale='s language. The studio's kit falls back to the default language's (an app's
  // page shows its facts); its own page (/{locale}/press) is not found without a translation
  // (ssr/alternates.ts: untranslatedPart). An app's kit is not found without one.
  app.get(
    api.pressKitStudio,
    {
      config: { publicRead: true, translate: { type: 'page', item: 'press', optional: true } },
      schema: { response: { 200: PressKitSchema } },
    },
    async () => repo.get(null),
  );
  app.get(
    api.pressKitApp(':id'),
    {
      config: { publicRead: true, translate: { type: 'app-page', part: 'press' } },
      schema: { params: IdParamsSchema, response: { 200: PressKitSchema } },
    },
    async (request) => repo.get((await appOr404(request, request.params.id)).id),
  );

  // ── "Request a press copy" ────────────────────────────────────────────────────────────────
  app.post(
    api.pressRequests,
    { schema: { body: PressRequestInputSchema, response: { 201: OkSchema } } },
    async (request, reply) => {
      const attempt = await inbox.limiter.take(request.ip);
      if (!attempt.allowed) {
        throw tooManyAttempts(
          reply,
          attempt.retryAfterMs,
          'Too many messages from your address. Please try again later.',
        );
      }
      const { [HONEYPOT_FIELD]: honeypot, ...input } = request.body;
      if (honeypot) {
        request.log.info('press request honeypot filled in; request dropped');
        return reply.code(201).send({ success: true as const });
      }
      let forApp: App | null = null;
      if (input.appId !== undefined) {
        forApp = (await apps.get(input.appId)) ?? null;
        if (!forApp) throw invalid('Unknown app', [{ path: 'appId', message: 'Unknown app' }]);
      }
      const studio = (await settings.get()).name;
      await inbox.deliver(pressMessage(input, forApp, studio));
      deps.analyticsCollector.countServer(request, { name: 'message', target: 'press', appId: forApp?.id });
      return reply.code(201).send({ success: true as const });
    },
  );

  // ── ZIP downloads, streamed from the stored originals ─────────────────────────────────────
  /**
   * Streams a ZIP of `entries` (404 when there is none). Each file is read from the database as
   * the archive reaches it, and the next waits while the visitor's connection is behind.
   */
  const sendZip = (reply: FastifyReply, fileName: string, entries: ZipEntry[], what: string) => {
    if (entries.length === 0) throw new HttpError('NOT_FOUND', `There are no ${what} to download`);
    const zip = new ZipFile();
    // yazl's output is a PassThrough (typed as a plain readable stream).
    const out = zip.outputStream as unknown as PassThrough;
    const mtime = deps.now();
    reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff');
    void (async () => {
      try {
        for (const entry of entries) {
          // From the database or the object store, whichever holds it (issue 28).
          const bytes = await deps.mediaStorage.readFile(entry.path);
          if (!bytes) continue; // deleted since the list was made
          zip.addBuffer(bytes, entry.name, { compress: false, mtime });
          if (out.writableNeedDrain) await once(out, 'drain');
        }
        zip.end();
      } catch (error) {
        reply.log.error({ err: error }, 'press kit ZIP failed while streaming');
        out.destroy(error as Error);
      }
    })();
    return reply.send(out);
  };

  const visibleApp = visibleApps.appBySlug;
  const studioPrefix = async () => slugify((await settings.get()).name, 'studio');
  /** The studio's logos: its press kit's, else the site's logo. */
  const studioLogos = async (kit: PressKit) => {
    const logo = (await settings.get()).logo;
    return kit.logos.length > 0 ? kit.logos : logo ? [logo] : [];
  };

  app.get(paths.appPressScreenshots(':id'), { schema: { params: SlugParamsSchema } }, async (request, reply) => {
    const found = await visibleApp(request, request.params.id);
    const files = numbered(found.slug, 'screenshot', await repo.originals(found.screenshots));
    return sendZip(reply, `${found.slug}-screenshots.zip`, files, 'screenshots stored on this site');
  });
  app.get(paths.appPressLogos(':id'), { schema: { params: SlugParamsSchema } }, async (request, reply) => {
    const found = await visibleApp(request, request.params.id);
    const kit = await repo.get(found.id);
    const files = numbered(found.slug, 'logo', await repo.originals(kit.logos));
    return sendZip(reply, `${found.slug}-logos.zip`, files, 'logos stored on this site');
  });
  app.get(paths.pressLogos, async (_request, reply) => {
    const prefix = await studioPrefix();
    const files = numbered(prefix, 'logo', await repo.originals(await studioLogos(await repo.get(null))));
    return sendZip(reply, `${prefix}-logos.zip`, files, 'logos stored on this site');
  });
  // The studio's images: each visible app's icon and screenshots.
  app.get(paths.pressImages, async (request, reply) => {
    const prefix = await studioPrefix();
    const entries: ZipEntry[] = [];
    for (const each of await apps.list(await visibleApps.audience(request))) {
      const [icon] = await repo.originals([each.icon]);
      if (icon) entries.push({ path: icon.path, name: `${each.slug}-icon.${icon.ext}` });
      entries.push(...numbered(each.slug, 'screenshot', await repo.originals(each.screenshots)));
    }
    return sendZip(reply, `${prefix}-images.zip`, entries, 'images stored on this site');
  });
};

/** What the press page shows after a send without JavaScript (`?sent=…`). */
export type PressFormNotice = 'sent' | 'invalid' | 'failed';

const FORM_FIELDS = ['name', 'email', 'outlet', 'platform', 'message', HONEYPOT_FIELD] as const;

/**
 * The press-copy form without JavaScript: a plain POST to the page's own address, sent through the
 * API route itself (same checks, honeypot and limit), answered with a redirect to the page and its
 * notice. The browser checks the fields first (required, email), so `invalid` is rare.
 */
export const pressFormModule: AppModule = async (scope, { deps }) => {
  // Form bodies are accepted in this module only: the API takes JSON alone.
  acceptFormBodies(scope);
  const handle = async (request: FastifyRequest, reply: FastifyReply, page: string, appId?: number) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const payload: Record<string, unknown> = Object.fromEntries(
      FORM_FIELDS.map((f) => [f, typeof body[f] === 'string' ? body[f] : '']),
    );
    if (appId) payload.appId = appId;
    const sent = await scope.inject({
      method: 'POST',
      url: api.pressRequests,
      payload,
      remoteAddress: request.ip,
      headers: countingHeaders(request.headers),
    });
    const notice: PressFormNotice =
      sent.statusCode === 201 ? 'sent' : sent.statusCode === 400 || sent.statusCode === 422 ? 'invalid' : 'failed';
    if (notice !== 'sent') request.log.warn({ status: sent.statusCode }, 'press form (no JavaScript) not sent');
    return reply.redirect(`${page}?sent=${notice}#press-request`, 303);
  };
  scope.post(paths.press, (request, reply) => handle(request, reply, paths.press));
  scope.post(paths.appPress(':id'), async (request, reply) => {
    const slug = (request.params as { id: string }).id;
    const found = await deps.visibleApps.visitorApp(slug);
    if (!found) throw notFound('App');
    return handle(request, reply, paths.appPress(found.slug), found.id);
  });
};
