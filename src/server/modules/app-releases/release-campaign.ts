// The draft campaign of one release (issue 26, "email this update to the app's list"): the version,
// its day and platforms, its notes (plain text, one paragraph per blank-line block) and a link to
// the app's release notes page. Staff edit it in Campaigns before sending.
import { PLATFORM_NAMES, type App, type Platform } from '../../../shared/schemas/apps';
import type { Release } from '../../../shared/schemas/app-releases';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Plain-text notes as HTML paragraphs, line breaks kept. */
export function notesHtml(notes: string): string {
  return notes
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${block.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('');
}

export function releaseCampaignContent({
  app,
  release,
  pageUrl,
}: {
  app: Pick<App, 'title'>;
  release: Pick<Release, 'version' | 'releasedOn' | 'platforms' | 'notes'>;
  pageUrl: string;
}): string {
  const platforms = release.platforms
    .filter((p): p is Platform => p in PLATFORM_NAMES)
    .map((p) => PLATFORM_NAMES[p])
    .join(', ');
  const meta = [release.releasedOn, platforms].filter(Boolean).join(' · ');
  return [
    `<h2>${escapeHtml(`${app.title} ${release.version}`)}</h2>`,
    `<p><em>${escapeHtml(meta)}</em></p>`,
    notesHtml(release.notes),
    `<p><a href="${escapeHtml(pageUrl)}">${escapeHtml(`All release notes of ${app.title}`)}</a></p>`,
  ].join('');
}
