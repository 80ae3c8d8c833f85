// Site Settings › Storage (issue 28), administrators only: where media is kept (the object store's
// settings, or MEDIA_S3_URL's, read-only), a connection test that writes, reads and deletes a test
// object, and the move of every file to the object store or back, with its progress and Cancel.
import { api } from '../../../shared/paths';
import {
  MediaMoveSchema,
  MediaMoveStartSchema,
  MediaMoveStateSchema,
  MediaStorageInputSchema,
  MediaStorageSettingsSchema,
  serveModeOf,
  StorageTestResultSchema,
  type MediaStorageSettings,
} from '../../../shared/schemas/media-storage';
import { normalizeKeyPrefix, type S3Settings } from '../../config';
import { conflict, invalid } from '../../lib/errors';
import type { AppModule } from '../../types';
import { ObjectStore } from './media.storage';
import type { StorageRow } from './media-storage.repo';

type Input = ReturnType<typeof MediaStorageInputSchema.parse>;

/** What the audit log keeps of the settings: everything but the secret. */
const described = (row: Pick<StorageRow, keyof Omit<S3Settings, 'secretAccessKey'>>) => ({
  endpoint: row.endpoint,
  region: row.region,
  bucket: row.bucket,
  pathStyle: row.pathStyle,
  accessKeyId: row.accessKeyId,
  keyPrefix: row.keyPrefix,
  publicBaseUrl: row.publicBaseUrl,
  serveMode: row.serveMode,
});

const cleanInput = (input: Input) => ({
  endpoint: input.endpoint.replace(/\/+$/, ''),
  region: input.region,
  bucket: input.bucket,
  pathStyle: input.pathStyle,
  accessKeyId: input.accessKeyId,
  keyPrefix: normalizeKeyPrefix(input.keyPrefix),
  publicBaseUrl: input.publicBaseUrl.replace(/\/+$/, ''),
  serveMode: input.serveMode,
});

export const mediaStorageModule: AppModule = async (app, { deps, auth }) => {
  const repo = deps.repos.mediaStorage;
  const storage = deps.mediaStorage;
  const admin = { onRequest: auth.requireAdmin };

  async function settings(): Promise<MediaStorageSettings> {
    const state = await storage.state(true);
    const files = await repo.fileCounts();
    const row = await repo.settings();
    const shown = state.source === 'env' && state.s3 ? state.s3 : { ...row, secretAccessKey: row.secretAccessKey };
    return {
      source: state.source,
      backend: state.backend,
      ...described(shown),
      serveMode: serveModeOf(shown.serveMode),
      hasSecret: shown.secretAccessKey !== '',
      files,
    };
  }

  /** The settings to test or save: the form's, the secret kept when left empty. */
  async function s3From(input: Input): Promise<S3Settings> {
    let secretAccessKey = input.secretAccessKey;
    if (!secretAccessKey) {
      const saved = await storage.state(true);
      secretAccessKey = saved.source === 'admin' ? (saved.s3?.secretAccessKey ?? '') : '';
    }
    return { ...cleanInput(input), secretAccessKey };
  }

  app.get(api.mediaStorage, { ...admin, schema: { response: { 200: MediaStorageSettingsSchema } } }, settings);

  app.put(
    api.mediaStorage,
    { ...admin, schema: { body: MediaStorageInputSchema, response: { 200: MediaStorageSettingsSchema } } },
    async (request) => {
      if (deps.config.mediaS3) {
        throw conflict('The storage settings come from MEDIA_S3_URL and can only be changed there');
      }
      const before = await repo.settings();
      const next = cleanInput(request.body);
      const secret = request.body.secretAccessKey;
      if (!secret && !before.secretAccessKey) {
        throw invalid('Enter the secret', [{ path: 'secretAccessKey', message: 'Enter the secret' }]);
      }
      const moved =
        next.endpoint !== before.endpoint || next.bucket !== before.bucket || next.keyPrefix !== before.keyPrefix;
      const { s3 } = await repo.fileCounts();
      if (moved && s3 > 0 && before.bucket) {
        throw conflict(
          `${s3} files are kept in the bucket as it is set now: move them back to the database before changing the endpoint, bucket or key prefix`,
        );
      }
      await deps.audit.change(request, async (log) => {
        await repo.saveSettings({
          ...next,
          secretAccessKey: secret ? deps.secrets.seal(secret) : before.secretAccessKey,
        });
        const was = described(before);
        const now = described(next);
        const changes: Record<string, { before: unknown; after: unknown }> = {};
        for (const key of Object.keys(now) as (keyof typeof now)[]) {
          if (was[key] !== now[key]) changes[key] = { before: was[key], after: now[key] };
        }
        // The secret itself is never written anywhere but the settings row, sealed.
        if (secret) changes.secretAccessKey = { before: before.secretAccessKey ? '(set)' : '', after: '(changed)' };
        log({
          action: 'settings.update',
          targetType: 'settings',
          targetId: 'media-storage',
          targetLabel: 'Media storage',
          changes,
        });
      });
      storage.invalidate();
      return settings();
    },
  );

  app.post(
    api.mediaStorageTest,
    {
      ...admin,
      schema: { body: MediaStorageInputSchema.nullish(), response: { 200: StorageTestResultSchema } },
    },
    async (request) => {
      const state = await storage.state(true);
      // MEDIA_S3_URL's settings, the saved ones (no body), or the form's as they are now.
      const settings = deps.config.mediaS3 ?? (request.body ? await s3From(request.body) : state.s3);
      if (!settings) return { ok: false, message: 'Nothing to test: enter the storage settings first.' };
      if (!settings.secretAccessKey) return { ok: false, message: 'Enter the secret.' };
      const store = new ObjectStore(settings, { maxAttempts: 1 });
      try {
        return await store.test();
      } finally {
        store.close();
      }
    },
  );

  const moveState = async () => ({ move: await repo.latestMove(), files: await repo.fileCounts() });

  app.get(api.mediaMove, { ...admin, schema: { response: { 200: MediaMoveStateSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return moveState();
  });

  app.post(
    api.mediaMove,
    { ...admin, schema: { body: MediaMoveStartSchema, response: { 201: MediaMoveSchema } } },
    async (request, reply) => {
      const { target } = request.body;
      const state = await storage.state(true);
      const files = await repo.fileCounts();
      if (target === 's3' || files.s3 > 0) {
        if (!state.s3) throw conflict('Set up the object store first: enter its settings and save them');
        // Nothing is moved to, or out of, a store that does not answer.
        const probe = new ObjectStore(state.s3, { maxAttempts: 1 });
        const checked = await probe.test().finally(() => probe.close());
        if (!checked.ok) throw conflict(`The object store cannot be used: ${checked.message}`);
      }
      const move = await deps.audit.change(request, async (log) => {
        const started = await repo.startMove(target);
        if (started) {
          log({
            action: 'settings.update',
            targetType: 'settings',
            targetId: 'media-storage',
            targetLabel: 'Media storage',
            changes: {
              mediaMove: { before: null, after: target === 's3' ? 'to the object store' : 'to the database' },
            },
          });
        }
        return started;
      });
      if (!move) throw conflict('A move is already under way: wait for it to finish, or cancel it');
      storage.invalidate();
      deps.mediaMover.kick();
      return reply.code(201).send(move);
    },
  );

  app.post(api.mediaMoveCancel, { ...admin, schema: { response: { 200: MediaMoveStateSchema } } }, async (request) => {
    await deps.audit.change(request, async (log) => {
      const cancelled = await repo.cancelMove();
      if (cancelled) {
        log({
          action: 'settings.update',
          targetType: 'settings',
          targetId: 'media-storage',
          targetLabel: 'Media storage',
          changes: { mediaMove: { before: 'running', after: 'cancelled' } },
        });
      }
    });
    return moveState();
  });
};
