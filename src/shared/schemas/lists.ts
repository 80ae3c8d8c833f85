// The mailing lists (issue 26): the studio's newsletter ('studio') and one notify-me list per app
// ('app:{id}'). One key names a list in the API, the database (subscriptions.list, campaigns.list)
// and the admin.
import { z } from './zod';

export const STUDIO_LIST = 'studio';
export type ListKey = typeof STUDIO_LIST | `app:${number}`;

/** The key of an app's notify-me list. */
export const appList = (appId: number): ListKey => `app:${appId}`;

/** What a list key names: the studio's newsletter, or an app's list; null when it is not a list key. */
export function parseList(key: string): { kind: 'studio' } | { kind: 'app'; appId: number } | null {
  if (key === STUDIO_LIST) return { kind: 'studio' };
  const match = /^app:([1-9]\d{0,9})$/.exec(key);
  if (!match) return null;
  const appId = Number(match[1]);
  return appId <= 2_147_483_647 ? { kind: 'app', appId } : null;
}

export const ListKeySchema = z
  .string()
  .refine((key) => parseList(key) !== null, 'List must be "studio" or "app:" followed by an app id')
  .transform((key) => key as ListKey);

/** A subscription's states: only 'confirmed' ever receives list mail. */
export const SUBSCRIPTION_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A campaign's states, and where it came from when it was drafted for staff. */
export const CAMPAIGN_STATUSES = ['draft', 'sending', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_ORIGINS = ['launch', 'release', 'post'] as const;
export type CampaignOrigin = (typeof CAMPAIGN_ORIGINS)[number];
