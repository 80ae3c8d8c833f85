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
  const read = { config: { publicRead: true } };
  const write = { onRequest: auth.requireStaff, config: { changesContent: true } };

  app.get('/api/contact', { ...read, schema: { response: { 200: ContactInfoSchema.nullable() } } }, () =>
    repo.getContact(),
  );
  app.put(
    '/api/contact',
    { ...write, schema: { body: ContactInfoInputSchema, response: { 200: ContactInfoSchema } } },
    (request) => repo.putContact(request.body),
  );

  app.get('/api/privacy-policy', { ...read, schema: { response: { 200: PrivacyPolicySchema.nullable() } } }, () =>
    repo.getPrivacy(),
  );
  app.put(
    '/api/privacy-policy',
    { ...write, schema: { body: PrivacyPolicyInputSchema, response: { 200: PrivacyPolicySchema } } },
    (request) => repo.putPrivacy(request.body, save(request)),
  );

  app.get('/api/home-content', { ...read, schema: { response: { 200: HomeContentSchema.nullable() } } }, () =>
    repo.getHome(),
  );
  app.put(
    '/api/home-content',
    { ...write, schema: { body: HomeContentInputSchema, response: { 200: HomeContentSchema } } },
    (request) => repo.putHome(request.body, save(request)),
  );

  app.get('/api/about-us', { ...read, schema: { response: { 200: AboutUsSchema.nullable() } } }, () => repo.getAbout());
  app.put(
    '/api/about-us',
    { ...write, schema: { body: AboutUsInputSchema, response: { 200: AboutUsSchema } } },
    (request) => repo.putAbout(request.body, save(request)),
  );
};
