// A campaign drafted for staff to review (issue 26): by an app going Live (its notify-me list), by
// "email this update to the app's list" (a release) and by "send to the newsletter" (a studio post).
// A draft is only ever sent by a person, from the Campaigns screen.
import type { Db } from '../../db/client';
import { campaigns } from '../../db/schema';
import type { CampaignOrigin, ListKey } from '../../../shared/schemas/lists';
import { sanitizeRichText } from '../../lib/sanitize';

export interface CampaignDraft {
  list: ListKey;
  subject: string;
  /** HTML; sanitised here like every rich text. */
  content: string;
  origin: CampaignOrigin;
  platforms?: string[];
  appId?: number | null;
  postId?: number | null;
  releaseId?: number | null;
  createdBy?: number | null;
}

/** Stores the draft and answers its id. */
export async function draftCampaign(db: Db, draft: CampaignDraft): Promise<{ id: number }> {
  const [row] = await db
    .insert(campaigns)
    .values({
      list: draft.list,
      subject: draft.subject,
      content: sanitizeRichText(draft.content),
      origin: draft.origin,
      platforms: draft.platforms ?? [],
      appId: draft.appId ?? null,
      postId: draft.postId ?? null,
      releaseId: draft.releaseId ?? null,
      createdBy: draft.createdBy ?? null,
    })
    .returning({ id: campaigns.id });
  return { id: row!.id };
}
