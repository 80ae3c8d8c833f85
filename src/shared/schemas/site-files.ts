// The root files ad networks crawl, written by staff (issue 13): app-ads.txt and ads.txt, checked
// line by line against the IAB Tech Lab's ads.txt 1.1 format (app-ads.txt follows the same
// grammar, without the subdomain= variable), so a typo is refused before a crawler ever reads it.
import { paths } from '../paths';
import { sliceWhole } from '../text';
import { z } from './zod';

export const SITE_FILE_NAMES = ['app-ads.txt', 'ads.txt'] as const;
export type SiteFileName = (typeof SITE_FILE_NAMES)[number];

export const isSiteFileName = (name: string): name is SiteFileName =>
  (SITE_FILE_NAMES as readonly string[]).includes(name);

/** The whole file, in UTF-8 bytes (crawlers stop reading long before: Google reads 500 KiB). */
export const SITE_FILE_MAX_BYTES = 1024 * 1024;
/** One line, in characters: the longest real record is well under 200. */
export const SITE_FILE_LINE_MAX = 1000;
/** Bad lines reported by name; past these, one issue counts the rest. */
const ISSUES_MAX = 100;

/** Variables of the format (case-insensitive names); subdomain= is for ads.txt only. */
export const ADS_TXT_VARIABLES = [
  'contact',
  'subdomain',
  'inventorypartnerdomain',
  'ownerdomain',
  'managerdomain',
] as const;

/** A registrable host name: labels of letters, digits and inner hyphens, a top-level label of letters (or punycode). */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i;
/** A certification authority's id, such as TAG's f08c47fec0942fa0. */
const CERT_ID = /^[a-z0-9][a-z0-9._-]{0,63}$/i;
/** An ISO 3166-1 alpha-2 country code (managerdomain=example.com,US). */
const COUNTRY = /^[a-z]{2}$/i;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

export interface SiteFileIssue {
  path: 'content';
  message: string;
}

/** Line endings made \n, a leading byte-order mark dropped; only blank space is an empty file. */
export function normaliseSiteFile(content: string): string {
  const text = content.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (text.trim() === '') return '';
  return text.endsWith('\n') ? text : `${text}\n`;
}

const quote = (value: string) => (value.length > 40 ? `"${sliceWhole(value, 40)}…"` : `"${value}"`);

/** What is wrong with one line (its comment already removed), or null when it is fine. */
function lineProblem(file: SiteFileName, line: string): string | null {
  if (CONTROL.test(line)) return 'contains a control character';
  // A variable is a bare name, '=', a value; a record's first field is a domain, which has no '='.
  const variable = /^\s*([A-Za-z][A-Za-z_-]*)\s*=(.*)$/.exec(line);
  if (variable) {
    const name = variable[1]!.toLowerCase();
    const value = variable[2]!.trim();
    if (!(ADS_TXT_VARIABLES as readonly string[]).includes(name)) {
      const known = ADS_TXT_VARIABLES.filter((v) => file === 'ads.txt' || v !== 'subdomain');
      return `unknown variable ${quote(variable[1]!)} (the variables are ${known.map((v) => `${v}=`).join(', ')})`;
    }
    if (name === 'subdomain' && file === 'app-ads.txt')
      return 'subdomain= is allowed in ads.txt only, not in app-ads.txt';
    if (!value) return `${name}= needs a value`;
    if (name === 'contact') return null;
    if (name === 'managerdomain') {
      const [domain = '', country, ...more] = value.split(',').map((p) => p.trim());
      if (!DOMAIN.test(domain)) return `managerdomain= needs a domain such as example.com, not ${quote(domain)}`;
      if (more.length > 0 || (country !== undefined && !COUNTRY.test(country))) {
        return 'managerdomain= takes a domain and, optionally, a two-letter country code (example.com,US)';
      }
      return null;
    }
    return DOMAIN.test(value) ? null : `${name}= needs a domain such as example.com, not ${quote(value)}`;
  }

  // Extension fields follow a ';' and are the ad system's business.
  const record = line.split(';')[0]!;
  const fields = record.split(',').map((f) => f.trim());
  if (fields.length < 3) {
    return fields.length === 2 || (!/\s/.test(fields[0]!) && fields[0]!.includes('.'))
      ? 'a record needs three fields: the ad system’s domain, your publisher id and DIRECT or RESELLER, separated by commas'
      : 'not a record (ad system domain, publisher id, DIRECT or RESELLER) nor a variable (name=value)';
  }
  if (fields.length > 4) {
    return `has ${fields.length} fields; a record has at most 4 (domain, publisher id, DIRECT or RESELLER, certification authority id)`;
  }
  const [domain, account, relationship, certification] = fields as [string, string, string, string?];
  if (!domain) return 'the ad system’s domain (field 1) is empty';
  if (!DOMAIN.test(domain))
    return `${quote(domain)} is not a domain (field 1 is the ad system’s domain, e.g. google.com)`;
  if (!account) return 'the publisher id (field 2) is empty';
  if (/\s/.test(account)) return `the publisher id ${quote(account)} (field 2) contains a space`;
  if (!relationship) return 'the relationship (field 3) is empty: write DIRECT or RESELLER';
  if (!/^(direct|reseller)$/i.test(relationship)) {
    return `the relationship (field 3) must be DIRECT or RESELLER, not ${quote(relationship)}`;
  }
  if (certification !== undefined) {
    if (!certification) return 'the certification authority id (field 4) is empty: remove the last comma or fill it in';
    if (!CERT_ID.test(certification)) {
      return `the certification authority id ${quote(certification)} (field 4) may hold only letters, digits, '.', '_' and '-'`;
    }
  }
  return null;
}

/** Every problem of an ads.txt or app-ads.txt file, one issue per bad line ("Line 3: …"). */
export function siteFileIssues(file: SiteFileName, content: string): SiteFileIssue[] {
  const issues: SiteFileIssue[] = [];
  const bytes = new TextEncoder().encode(content).length;
  if (bytes > SITE_FILE_MAX_BYTES) {
    return [
      {
        path: 'content',
        message: `${file} must be at most 1 MB (1,024 KB); this is ${Math.ceil(bytes / 1024).toLocaleString('en')} KB`,
      },
    ];
  }
  const lines = normaliseSiteFile(content).split('\n');
  let more = 0;
  lines.forEach((raw, i) => {
    const problem =
      raw.length > SITE_FILE_LINE_MAX
        ? `is longer than ${SITE_FILE_LINE_MAX} characters`
        : (() => {
            const line = raw.split('#')[0]!;
            return line.trim() === '' ? null : lineProblem(file, line);
          })();
    if (!problem) return;
    if (issues.length < ISSUES_MAX) issues.push({ path: 'content', message: `Line ${i + 1}: ${problem}` });
    else more += 1;
  });
  if (more > 0) issues.push({ path: 'content', message: `${more} more line${more === 1 ? '' : 's'} with problems` });
  return issues;
}

/** The body of PUT /api/admin/site-files/{name}: the file's text, checked for that file. */
export const siteFileInputSchema = (file: SiteFileName) =>
  z.object({
    content: z
      .string({ error: 'Content must be text' })
      .superRefine((content, ctx) => {
        for (const issue of siteFileIssues(file, content)) ctx.addIssue({ code: 'custom', message: issue.message });
      })
      .transform(normaliseSiteFile),
  });
export type SiteFileInput = z.input<ReturnType<typeof siteFileInputSchema>>;

/** The shape the route can declare before it knows which file is named. */
export const SiteFileBodySchema = z.object({ content: z.string({ error: 'Content must be text' }) });

export const SiteFileSchema = z.object({
  name: z.enum(SITE_FILE_NAMES),
  content: z.string(),
  /** Null until first saved. */
  updatedAt: z.string().nullable(),
});
export type SiteFile = z.infer<typeof SiteFileSchema>;

// The .well-known files are made from the apps' own fields (never typed by hand).

/** What of an app the .well-known files read. */
export interface AppLinkFields {
  slug: string;
  appleTeamId: string | null;
  appleBundleId: string | null;
  googlePlayPackage: string | null;
  androidFingerprints: string[];
  appLinkPaths: string[];
}

/** The paths an app opens: its own list, else its page and everything under it. */
export const appLinkPathsOf = (app: Pick<AppLinkFields, 'slug' | 'appLinkPaths'>): string[] =>
  app.appLinkPaths.length > 0 ? app.appLinkPaths : [paths.app(app.slug), `${paths.app(app.slug)}/*`];

export const suppliesAppleLinks = (app: AppLinkFields) => Boolean(app.appleTeamId && app.appleBundleId);
export const suppliesAndroidLinks = (app: AppLinkFields) =>
  Boolean(app.googlePlayPackage && app.androidFingerprints.length > 0);

/**
 * apple-app-site-association: iOS 13+ reads `appIDs` and `components`, iOS 12 and older `appID`
 * and `paths` (with the top-level `apps: []`); each app carries both. Null when no app supplies one.
 */
export function appleAppSiteAssociation(apps: AppLinkFields[]) {
  const details = apps.filter(suppliesAppleLinks).map((app) => {
    const appId = `${app.appleTeamId}.${app.appleBundleId}`;
    const linkPaths = appLinkPathsOf(app);
    return { appIDs: [appId], components: linkPaths.map((p) => ({ '/': p })), appID: appId, paths: linkPaths };
  });
  return details.length > 0 ? { applinks: { apps: [] as string[], details } } : null;
}

/** assetlinks.json (Digital Asset Links): one statement per Android app. Null when no app supplies one. */
export function assetLinks(apps: AppLinkFields[]) {
  const statements = apps.filter(suppliesAndroidLinks).map((app) => ({
    relation: ['delegate_permission/common.handle_all_urls'],
    target: {
      namespace: 'android_app',
      package_name: app.googlePlayPackage!,
      sha256_cert_fingerprints: app.androidFingerprints,
    },
  }));
  return statements.length > 0 ? statements : null;
}
