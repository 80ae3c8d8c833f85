// Campaigns in the admin (issue 26): drafts written, edited (a stale version is refused with 409),
// previewed, sent as a test to the signed-in staff member's own address (answering the
// List-Unsubscribe headers it carried), then sent to their list: Send queues the confirmed,
// unsuppressed subscribers once (a second Send queues nothing) and wakes the sender. Staff only;
// every change is audit-logged. The messages-per-minute rate is a setting here too.
import { z } from '../../../shared/schemas/zod';
import { IdParamsSchema, OkSchema } from '../../../shared/schemas/common';
import {
  CAMPAIGN_NOT_DRAFT,
  campaignApi,
  CampaignInputSchema,
  CampaignPreviewSchema,
  CampaignQuerySchema,
  CampaignSchema,
  CampaignSettingsSchema,
  CampaignSummarySchema,
  CampaignTestResultSchema,
  MAIL_NOT_CONFIGURED,
  NO_OWN_EMAIL,
} from '../../../shared/schemas/campaigns';
import { TOTAL_COUNT_HEADER } from '../../../shared/schemas/paging';
import { conflict, invalid, notFound } from '../../lib/errors';
import { editVersion } from '../../lib/if-match';
import type { AppModule } from '../../types';

const SendResultSchema = CampaignSummarySchema.extend({ queued: z.number() });

export const campaignsModule: AppModule = async (app, { deps, auth }) => {
  const repo = deps.repos.campaigns;
  const mail = deps.campaignMail;
  const staff = { onRequest: auth.requireStaff };
  const summaryOf = async (id: number) => {
    const campaign = await repo.get(id, { limit: 1, offset: 0 });
    if (!campaign) throw notFound('Campaign');
    return campaign;
  };

  app.get(campaignApi.list, { ...staff, schema: { response: { 200: z.array(CampaignSummarySchema) } } }, () =>
    repo.list(),
  );

  app.post(
    campaignApi.list,
    { ...staff, schema: { body: CampaignInputSchema, response: { 201: CampaignSchema } } },
    async (request, reply) => {
      const created = await deps.audit.write(request, {
        type: 'campaign',
        verb: 'create',
        write: () => repo.create(request.body, request.user!.id),
        after: (row) => ({ id: row.id, subject: row.subject, list: row.list, platforms: row.platforms }),
        label: request.body.subject,
      });
      return reply.code(201).send((await repo.get(created.id))!);
    },
  );

  app.get(
    '/api/admin/campaigns/:id',
    {
      ...staff,
      schema: { params: IdParamsSchema, querystring: CampaignQuerySchema, response: { 200: CampaignSchema } },
    },
    async (request, reply) => {
      const { page, pageSize, status } = request.query;
      const campaign = await repo.get(request.params.id, { limit: pageSize, offset: (page - 1) * pageSize, status });
      if (!campaign) throw notFound('Campaign');
      reply.header(TOTAL_COUNT_HEADER, String(campaign.recipientsTotal));
      return campaign;
    },
  );

  app.put(
    '/api/admin/campaigns/:id',
    { ...staff, schema: { params: IdParamsSchema, body: CampaignInputSchema, response: { 200: CampaignSchema } } },
    async (request) => {
      const { id } = request.params;
      const updated = await deps.audit.write(request, {
        type: 'campaign',
        verb: 'update',
        before: async () => {
          const row = await repo.row(id);
          return row && { subject: row.subject, list: row.list, platforms: row.platforms, content: row.content };
        },
        write: () => repo.update(id, { ...request.body, version: editVersion(request) }),
        after: (row) =>
          row && row !== 'not-draft'
            ? { subject: row.subject, list: row.list, platforms: row.platforms, content: row.content }
            : null,
        id,
        label: request.body.subject,
      });
      if (updated === 'not-draft') throw conflict(CAMPAIGN_NOT_DRAFT);
      if (!updated) throw notFound('Campaign');
      return (await repo.get(id))!;
    },
  );

  app.delete(
    '/api/admin/campaigns/:id',
    { ...staff, schema: { params: IdParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      const { id } = request.params;
      const removed = await deps.audit.change(request, async (log) => {
        const done = await repo.remove(id);
        if (done && done !== 'not-draft') {
          log({ action: 'campaign.delete', targetType: 'campaign', targetId: id, targetLabel: done.subject });
        }
        return done;
      });
      if (removed === 'not-draft') throw conflict(CAMPAIGN_NOT_DRAFT);
      if (!removed) throw notFound('Campaign');
      return { success: true as const };
    },
  );

  app.get(
    '/api/admin/campaigns/:id/preview',
    { ...staff, schema: { params: IdParamsSchema, response: { 200: CampaignPreviewSchema } } },
    async (request) => {
      const row = await repo.row(request.params.id);
      if (!row) throw notFound('Campaign');
      const rendered = await mail.render({
        campaignId: row.id,
        subject: row.subject,
        content: row.content,
        to: 'preview@example.com',
        token: null,
        subscriberKey: 'preview',
        locale: null,
      });
      return { subject: rendered.subject, html: rendered.html, text: rendered.text };
    },
  );

  // The test goes to the signed-in staff member's own address, as a subscriber would get it (the
  // unsubscribe link leads to the page without a subscriber). It is sent in the request: the
  // answer says whether the mail server took it, and with which headers.
  app.post(
    '/api/admin/campaigns/:id/test',
    { ...staff, schema: { params: IdParamsSchema, response: { 200: CampaignTestResultSchema } } },
    async (request) => {
      const row = await repo.row(request.params.id);
      if (!row) throw notFound('Campaign');
      if (!mail.available) throw invalid(MAIL_NOT_CONFIGURED);
      const me = await deps.repos.users.get(request.user!.id);
      if (!me?.email) throw invalid(NO_OWN_EMAIL);
      const rendered = await mail.render({
        campaignId: row.id,
        subject: `[Test] ${row.subject}`,
        content: row.content,
        to: me.email,
        token: null,
        subscriberKey: `test-${me.id}-${deps.now().getTime()}`,
        locale: null,
      });
      try {
        await mail.send(rendered);
      } catch (err) {
        request.log.warn({ err, campaignId: row.id }, 'campaigns: the test could not be sent');
        throw invalid(`The mail server did not take the test: ${err instanceof Error ? err.message : String(err)}`);
      }
      await deps.audit.record(request, {
        action: 'campaign.test',
        targetType: 'campaign',
        targetId: row.id,
        targetLabel: row.subject,
      });
      return {
        to: me.email,
        messageId: rendered.messageId,
        headers: {
          'List-Unsubscribe': rendered.headers['List-Unsubscribe'],
          'List-Unsubscribe-Post': rendered.headers['List-Unsubscribe-Post'],
        },
      };
    },
  );

  app.post(
    '/api/admin/campaigns/:id/send',
    { ...staff, schema: { params: IdParamsSchema, response: { 200: SendResultSchema } } },
    async (request) => {
      const { id } = request.params;
      if (!(await repo.row(id))) throw notFound('Campaign');
      if (!mail.available) throw invalid(MAIL_NOT_CONFIGURED);
      const result = await deps.audit.change(request, async (log) => {
        const queued = await repo.queue(id, request.user!.id);
        if (queued?.started) {
          const row = await repo.row(id);
          log({
            action: 'campaign.send',
            targetType: 'campaign',
            targetId: id,
            targetLabel: row?.subject,
            changes: { recipients: { before: null, after: queued.queued } },
          });
        }
        return queued;
      });
      if (!result) throw notFound('Campaign');
      deps.campaignSender.kick();
      const {
        recipients: _r,
        recipientsTotal: _t,
        content: _c,
        postId: _p,
        releaseId: _x,
        audience: _a,
        ...summary
      } = await summaryOf(id);
      return { ...summary, queued: result.queued };
    },
  );

  app.get(campaignApi.settings, { ...staff, schema: { response: { 200: CampaignSettingsSchema } } }, async () => ({
    mailPerMinute: await repo.mailPerMinute(),
    mailConfigured: mail.available,
  }));

  app.put(
    campaignApi.settings,
    { ...staff, schema: { body: CampaignSettingsSchema, response: { 200: CampaignSettingsSchema } } },
    async (request) => {
      const mailPerMinute = await deps.audit.write(request, {
        type: 'settings',
        verb: 'update',
        id: 'campaigns',
        label: 'Campaign settings',
        before: async () => ({ mailPerMinute: await repo.mailPerMinute() }),
        write: () => repo.setMailPerMinute(request.body.mailPerMinute, deps.config.siteName),
        after: (perMinute) => ({ mailPerMinute: perMinute }),
      });
      deps.campaignSender.kick();
      return { mailPerMinute, mailConfigured: mail.available };
    },
  );
};
