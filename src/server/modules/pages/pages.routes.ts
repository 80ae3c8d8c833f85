// Page texts: contact info, privacy policy, home content and About Us. Reads are public.
// A page that was never written reads as null (the client shows its "no data" state).
import {
  AboutUsInputSchema,
  AboutUsSchema,
  ContactInfoInputSchema,
  ContactInfoSchema,
  HomeContentInputSchema,
  HomeContentSchema,
  PrivacyPolicyInputSchema,
  PrivacyPolicySchema,
} from '../../../shared/schemas/site-content';
import type { FastifyRequest } from 'fastify';
import { editVersion } from '../../lib/if-match';
import type { AppModule } from '../../types';

export const pagesModule: AppModule = async (app, { deps, auth }) => {
  const repo = deps.repos.pages;
  const save = (request: FastifyRequest) => ({ userId: request.user?.id ?? null, version: editVersion(request) });
  /** A public read of a studio page, in the language of ?locale= (issue 24). */
  const read = (item: 'home' | 'about' | 'privacy' | 'contact', optional = false) => ({
    config: { publicRead: true, translate: { type: 'page' as const, item, optional } },
  });
  const write = { onRequest: auth.requireStaff, config: { changesContent: true } };
  /** A page text's save, in the audit log as 'page.update' with the fields that changed. */
  const audited = <T extends object>(
    request: FastifyRequest,
    id: string,
    label: string,
    before: () => Promise<object | null>,
    put: () => Promise<T>,
  ) => deps.audit.write(request, { type: 'page', verb: 'update', id, label, before, write: put });

  app.get(
    '/api/contact',
    { ...read('contact', true), schema: { response: { 200: ContactInfoSchema.nullable() } } },
    () => repo.getContact(),
  );
  app.put(
    '/api/contact',
    { ...write, schema: { body: ContactInfoInputSchema, response: { 200: ContactInfoSchema } } },
    (request) =>
      audited(
        request,
        'contact',
        'Contact information',
        () => repo.getContact(),
        () => repo.putContact(request.body),
      ),
  );

  app.get(
    '/api/privacy-policy',
    { ...read('privacy'), schema: { response: { 200: PrivacyPolicySchema.nullable() } } },
    () => repo.getPrivacy(),
  );
  app.put(
    '/api/privacy-policy',
    { ...write, schema: { body: PrivacyPolicyInputSchema, response: { 200: PrivacyPolicySchema } } },
    (request) =>
      audited(
        request,
        'privacy-policy',
        'Privacy policy',
        () => repo.getPrivacy(),
        () => repo.putPrivacy(request.body, save(request)),
      ),
  );

  app.get('/api/home-content', { ...read('home'), schema: { response: { 200: HomeContentSchema.nullable() } } }, () =>
    repo.getHome(),
  );
  app.put(
    '/api/home-content',
    { ...write, schema: { body: HomeContentInputSchema, response: { 200: HomeContentSchema } } },
    (request) =>
      audited(
        request,
        'home-content',
        'Home content',
        () => repo.getHome(),
        () => repo.putHome(request.body, save(request)),
      ),
  );

  app.get('/api/about-us', { ...read('about'), schema: { response: { 200: AboutUsSchema.nullable() } } }, () =>
    repo.getAbout(),
  );
  app.put(
    '/api/about-us',
    { ...write, schema: { body: AboutUsInputSchema, response: { 200: AboutUsSchema } } },
    (request) =>
      audited(
        request,
        'about-us',
        'About Us',
        () => repo.getAbout(),
        () => repo.putAbout(request.body, save(request)),
      ),
  );
};
