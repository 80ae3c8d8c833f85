// Factories: a valid app, post, user or image, written through the site's own HTTP API, for the API
// tests (app.inject, `injectFactories`) and the e2e journeys (a signed-in Playwright request context,
// `requestFactories`) alike. Every title and username is unique in the run, so tests that share a
// database (the e2e suite) never meet each other's records. No runtime import of Vitest, Playwright
// or Fastify: both runners load this file.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { api } from '../src/shared/paths';
import type { App, AppInput } from '../src/shared/schemas/apps';
import type { AdminBlogPost, BlogPostInput } from '../src/shared/schemas/blog-posts';
import type { MediaItem } from '../src/shared/schemas/media';
import type { CreateUserInput, User } from '../src/shared/schemas/users';
import type { AppInstance } from '../src/server/types';
import { multipart } from './setup/multipart';

/** One reply, as both runners give it. */
export interface WriterReply {
  status: number;
  body: string;
}

/** How a factory writes: one JSON call, and one file upload, as a signed-in staff member. */
export interface ApiWriter {
  send(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<WriterReply>;
  upload(url: string, file: ImageFile, fields?: Record<string, string>): Promise<WriterReply>;
}

export interface ImageFile {
  name: string;
  type: string;
  data: Buffer;
}

/** This run's mark: in every title and username a factory makes. */
export const RUN = randomBytes(3).toString('hex');
let serial = 0;
/** A label no other record of the run has ("Lantern a1b2c3-4"). */
export const unique = (label: string) => `${label} ${RUN}-${++serial}`;

/** A valid app body: an absolute icon and screenshot URL, the default status. */
export const appInput = (overrides: Partial<AppInput> = {}): AppInput => ({
  title: unique('App'),
  description: 'An app made by a test.',
  icon: 'https://example.com/icon.png',
  screenshots: ['https://example.com/shot.png'],
  ...overrides,
});

/** A valid post body for `appId`: a draft with one paragraph and no images. */
export const postInput = (appId: number, overrides: Partial<BlogPostInput> = {}): BlogPostInput => ({
  appId,
  title: unique('Post'),
  content: '<p>What changed this week.</p>',
  images: [],
  isPublished: false,
  ...overrides,
});

/** A save of `post` as the spec's post form makes it (its spec fields only), with the given changes. */
export const postSave = (
  post: Pick<BlogPostInput, 'appId' | 'title' | 'content' | 'isPublished'>,
  overrides: Record<string, unknown> = {},
) => ({
  appId: post.appId,
  title: post.title,
  content: post.content,
  isPublished: post.isPublished,
  ...overrides,
});

/** A valid new account: a plain User (not an administrator) with a password long enough. */
export const userInput = (overrides: Partial<CreateUserInput> = {}) => ({
  username: unique('user').replace(/ /g, '-'),
  password: 'test-user-pass',
  isAdmin: false,
  ...overrides,
});

export interface ImageOptions {
  width?: number;
  height?: number;
  format?: 'png' | 'jpeg' | 'webp';
  /** The file name (unique by default). */
  name?: string;
}

/**
 * Real image bytes made with sharp: one flat colour that no other call in the run gets, because the
 * media library gives the same bytes the same item.
 */
export async function imageFile({
  width = 64,
  height = 48,
  format = 'png',
  name,
}: ImageOptions = {}): Promise<ImageFile> {
  const n = ++serial;
  const seed = parseInt(RUN, 16);
  const background = { r: (n * 47 + seed) % 256, g: ((n >> 8) * 29 + (seed >> 8)) % 256, b: (n * 91 + 13) % 256 };
  const data = await sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
  const ext = format === 'jpeg' ? 'jpg' : format;
  return { name: name ?? `${unique('image').replace(/ /g, '-')}.${ext}`, type: `image/${format}`, data };
}

async function created<T>(what: string, reply: Promise<WriterReply>): Promise<T> {
  const { status, body } = await reply;
  if (status !== 201) throw new Error(`${what}: ${status} ${body}`);
  return JSON.parse(body) as T;
}

/**
 * The factories over one writer (see injectFactories and requestFactories); `appDefaults` stand
 * under every makeApp's overrides.
 */
export function factories(writer: ApiWriter, appDefaults: Partial<AppInput> = {}) {
  return {
    writer,
    /** A new app (POST /api/apps), as the server returned it. */
    makeApp: (overrides: Partial<AppInput> = {}) =>
      created<App>('makeApp', writer.send('POST', api.apps, appInput({ ...appDefaults, ...overrides }))),
    /** A new post of `appId` (POST /api/admin/blogs): a draft unless the overrides say otherwise. */
    makePost: (appId: number, overrides: Partial<BlogPostInput> = {}) =>
      created<AdminBlogPost>('makePost', writer.send('POST', api.adminBlogs, postInput(appId, overrides))),
    /** A new account (POST /api/admin/users, an administrator's call), with the password it signs in with. */
    makeUser: async (overrides: Partial<CreateUserInput> = {}) => {
      const input = userInput(overrides);
      const user = await created<User>('makeUser', writer.send('POST', api.users, input));
      return { ...user, password: input.password };
    },
    /** A real image uploaded to the media library (POST /api/admin/media); its one item. */
    makeImage: async (options: ImageOptions & { alt?: string } = {}) => {
      const file = await imageFile(options);
      const items = await created<MediaItem[]>(
        'makeImage',
        writer.upload(api.media, file, options.alt === undefined ? {} : { alt: options.alt }),
      );
      return items[0]!;
    },
  };
}
export type Factories = ReturnType<typeof factories>;

/**
 * Factories writing through app.inject with `cookie` (a staff session from staffSessions or login).
 * Either may be a function, read at each call (for a file that restarts its app or signs in again).
 */
export function injectFactories(
  appOf: AppInstance | (() => AppInstance),
  cookieOf: string | (() => string),
): Factories {
  const current = () => ({
    app: typeof appOf === 'function' ? appOf() : appOf,
    cookie: typeof cookieOf === 'function' ? cookieOf() : cookieOf,
  });
  return factories({
    send: async (method, url, body) => {
      const { app, cookie } = current();
      const res = await app.inject({ method, url, headers: { cookie }, payload: body as Record<string, unknown> });
      return { status: res.statusCode, body: res.body };
    },
    upload: async (url, file, fields = {}) => {
      const { app, cookie } = current();
      const form = multipart([
        ...Object.entries(fields).map(([name, value]) => ({ name, value })),
        { name: 'file', filename: file.name, data: file.data, type: file.type },
      ]);
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { ...form.headers, cookie },
        payload: form.payload,
      });
      return { status: res.statusCode, body: res.body };
    },
  });
}

/** The site's own default pictures: the journeys' browser has no internet to load example.com from. */
const SITE_IMAGES = { icon: '/media/demo/default-icon.svg', screenshots: ['/media/demo/default-screenshot.svg'] };

/**
 * Factories writing through a Playwright request context that is signed in (staffApi, signIn). Their
 * apps show the site's own default pictures unless the overrides say otherwise.
 */
export function requestFactories(request: APIRequestContext): Factories {
  return factories(
    {
      send: async (method, url, body) => {
        const res = await request.fetch(url, { method, data: body });
        return { status: res.status(), body: await res.text() };
      },
      upload: async (url, file, fields = {}) => {
        const res = await request.post(url, {
          multipart: { ...fields, file: { name: file.name, mimeType: file.type, buffer: file.data } },
        });
        return { status: res.status(), body: await res.text() };
      },
    },
    SITE_IMAGES,
  );
}
