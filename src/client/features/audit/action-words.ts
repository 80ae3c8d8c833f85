// How the audit log screen says what happened ("Post published", "Signed in") and where a target is
// edited in the admin, from the action and target names the server records (issue 23).
import { paths } from '../../../shared/paths';
import type { AuditEntry } from '../../../shared/schemas/audit-log';

const EXACT: Record<string, string> = {
  'sign-in.success': 'Signed in',
  'sign-in.failure': 'Sign-in failed',
  'sign-out': 'Signed out',
  'settings.update': 'Settings changed',
};

const VERBS: Record<string, string> = {
  create: 'created',
  update: 'updated',
  delete: 'deleted',
  publish: 'published',
  unpublish: 'unpublished',
  restore: 'restored',
  order: 'reordered',
  download: 'downloaded',
  status: 'status changed',
  enable: 'turned on',
  disable: 'turned off',
  reset: 'reset',
  success: 'succeeded',
  failure: 'failed',
};

const words = (name: string) => name.replace(/[-_]/g, ' ');
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'post.publish' → 'Post published'; 'two-factor.recovery-code' → 'Two factor recovery code'. */
export function actionInWords(action: string): string {
  const exact = EXACT[action];
  if (exact) return exact;
  const dot = action.lastIndexOf('.');
  if (dot === -1) return capitalised(words(action));
  const subject = words(action.slice(0, dot));
  const verb = action.slice(dot + 1);
  return capitalised(`${subject} ${VERBS[verb] ?? words(verb)}`);
}

/** The admin screen where the target is edited, when there is one and it may still exist. */
export function targetHref(target: AuditEntry['target']): string | null {
  const id = target.id;
  switch (target.type) {
    case 'app':
      return /^\d+$/.test(id) ? paths.admin.editApp(id) : null;
    case 'post':
      return paths.admin.blogs;
    case 'user':
      // A failed sign-in names an account that may not exist.
      return id ? paths.admin.users : null;
    case 'media':
      return paths.admin.media;
    case 'message':
      return paths.admin.messages;
    case 'deletion-request':
      return /^\d+$/.test(id) ? `${paths.admin.deletionRequests}?request=${id}` : paths.admin.deletionRequests;
    case 'settings':
      return paths.admin.siteSettings;
    case 'press-kit':
      return paths.admin.press;
    case 'site-file':
      return paths.admin.storeFiles;
    default:
      return null;
  }
}

/** A changed value as one short line (objects as JSON, long text cut). */
export function shownValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
