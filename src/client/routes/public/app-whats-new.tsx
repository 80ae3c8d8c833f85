// The app page's "What's new" (issue 26): the latest version, its day and its notes, with a link to
// every version's notes. Small on purpose (the page's first view is nearly at its budget): existing
// classes, no island, nothing at all when the app has no release in the page's language.
import { paths } from '../../../shared/paths';
import type { App } from '../../../shared/schemas/apps';
import { useT } from '../../page-kit/messages';
import { usePublicReleases } from '../../features/app-releases/api';
import { useReleaseDay } from './release-day';
import { SpriteIcon } from '../../components/sprite-icon';
import { truncate } from '../../../shared/text';

/** The notes' first two lines, at most 120 characters: all the card shows (two lines at most). */
const preview = (notes: string) => truncate(notes.split('\n').slice(0, 2).join('\n'), 120);

export function WhatsNew({ app }: { app: Pick<App, 'id' | 'slug'> }) {
  const t = useT();
  const day = useReleaseDay();
  const latest = usePublicReleases(app.id).data?.[0];
  if (!latest) return null;
  return (
    <section aria-labelledby="whats-new-heading" className="space-y-3">
      <h2 id="whats-new-heading" className="text-lg font-semibold">
        {t('releases.whatsNew')}
      </h2>
      <div className="rounded-xl border bg-card p-4 shadow-sm">
        <p className="text-xs text-muted-foreground">
          {t('releases.version', { version: latest.version })} · {day(latest.releasedOn)}
        </p>
        {latest.notes && (
          <p className="mt-1 line-clamp-2 text-sm whitespace-pre-line text-muted-foreground">{preview(latest.notes)}</p>
        )}
      </div>
      <a
        href={paths.appReleases(app.slug)}
        className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
      >
        {t('releases.allNotes')}
        <SpriteIcon name="arrow-right" className="size-4" />
      </a>
    </section>
  );
}
