// The words of an app's shared parts (status badge, store badges and their trademark lines, app
// card) in a public page's language. The features show English by default (the admin's words); a
// public page passes these.
import type { AppCardWords } from '../features/apps/app-card';
import type { StoreBadgeWords } from '../features/apps/store-badges';
import type { MessageKey } from '../../shared/messages';
import type { StoreName } from '../../shared/visitor-platform';
import type { Translate } from './messages';

const STATUS_KEYS: Record<string, MessageKey> = {
  Live: 'appStatus.live',
  Testing: 'appStatus.testing',
  'In Development': 'appStatus.inDevelopment',
  'In Design': 'appStatus.inDesign',
  'Coming Soon': 'appStatus.comingSoon',
};

/** A status in the page's language (a status without a key shows as it is). */
export const statusLabel = (t: Translate, status: string): string =>
  STATUS_KEYS[status] ? t(STATUS_KEYS[status]) : status;

export const STORE_WORDS: Record<StoreName, { badge: MessageKey; trademark: MessageKey }> = {
  appStore: { badge: 'storeBadge.appStore', trademark: 'storeBadge.appStoreTrademark' },
  googlePlay: { badge: 'storeBadge.googlePlay', trademark: 'storeBadge.googlePlayTrademark' },
};

export const storeBadgeWords = (t: Translate, app: string): StoreBadgeWords => ({
  list: t('storeBadge.get', { app }),
  badges: { appStore: t(STORE_WORDS.appStore.badge), googlePlay: t(STORE_WORDS.googlePlay.badge) },
  newTab: t('appPage.newTab'),
});

export const appCardWords = (t: Translate, app: { title: string; status: string }): AppCardWords => ({
  status: statusLabel(t, app.status),
  screenshot: t('appCard.screenshot', { app: app.title }),
  blogPosts: t('appBlogs.posts'),
  links: {
    googlePlayLink: t('storeBadge.googlePlay'),
    appStoreLink: t('storeBadge.appStore'),
    webAppLink: t('appPage.playInBrowser'),
    githubRepoLink: t('appCard.github'),
  },
  newTab: t('appPage.newTab'),
});
