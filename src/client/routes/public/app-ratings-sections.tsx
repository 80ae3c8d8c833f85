// Issue 25 on the app page: its age ratings and its accessibility features, plain server-rendered
// HTML (no island). A rating and its content descriptors are official marks, shown as the rating
// body writes them ("PEGI 7 — Violence"); the headings, notices, tag names and explanations are in
// the page's language.
import type { MessageKey } from '../../../shared/messages';
import { ACCESSIBILITY_GROUPS, ACCESSIBILITY_TAGS } from '../../../shared/schemas/app-accessibility';
import { ratingMark } from '../../../shared/schemas/app-ratings';
import type { App } from '../../../shared/schemas/apps';
import { useT, type Translate } from '../../page-kit/messages';
import type { AgeRating } from '../../../shared/schemas/app-ratings';

/** "PEGI 7 — Violence · In-Game Purchases": the mark, its descriptors as issued, the notices in the page's language. */
export function ratingLine(rating: AgeRating, t: Translate): { mark: string; details: string } {
  const details = [...rating.descriptors, ...rating.notices.map((n) => t(`ratingNotice.${n}` as MessageKey))];
  return { mark: ratingMark(rating), details: details.join(' · ') };
}

/** The app's ratings as lines (the press kit's fact sheet). */
export function AgeRatingLines({ app }: { app: App }) {
  const t = useT();
  return (
    <ul className="space-y-0.5">
      {app.ratings.map((rating) => {
        const { mark, details } = ratingLine(rating, t);
        return <li key={rating.system}>{details ? `${mark} — ${details}` : mark}</li>;
      })}
    </ul>
  );
}

export function AgeRatingsSection({ app }: { app: App }) {
  const t = useT();
  if (app.ratings.length === 0) return null;
  return (
    <section aria-labelledby="age-ratings-heading" className="space-y-4">
      <h2 id="age-ratings-heading" className="text-2xl font-bold tracking-tight">
        {t('appPage.ageRatings')}
      </h2>
      <ul className="space-y-2" data-testid="age-ratings">
        {app.ratings.map((rating) => {
          const { mark, details } = ratingLine(rating, t);
          return (
            <li key={rating.system} className="rounded-xl border bg-card px-4 py-3 shadow-sm">
              <span className="font-semibold">{mark}</span>
              {details && <span className="text-muted-foreground"> — {details}</span>}
            </li>
          );
        })}
      </ul>
      <p className="text-sm text-muted-foreground">{t('appPage.ageRatingsOfficial')}</p>
    </section>
  );
}

export function AccessibilitySection({ app }: { app: App }) {
  const t = useT();
  const groups = ACCESSIBILITY_GROUPS.map((group) => ({
    group,
    tags: ACCESSIBILITY_TAGS.filter((tag) => tag.group === group && app.accessibilityTags.includes(tag.key)),
  })).filter((g) => g.tags.length > 0);
  if (groups.length === 0 && !app.accessibilityNote) return null;
  return (
    <section aria-labelledby="accessibility-heading" className="space-y-4">
      <h2 id="accessibility-heading" className="text-2xl font-bold tracking-tight">
        {t('appPage.accessibility')}
      </h2>
      {groups.map(({ group, tags }) => (
        <div key={group} className="space-y-2">
          <h3 className="font-semibold">{t(`a11yGroup.${group}` as MessageKey)}</h3>
          <ul className="space-y-1 text-muted-foreground" data-testid={`a11y-${group}`}>
            {tags.map((tag) => (
              <li key={tag.key}>
                <b className="text-foreground">{t(`a11yTag.${tag.key}` as MessageKey)}</b>:{' '}
                {t(`a11yTag.${tag.key}.text` as MessageKey)}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {app.accessibilityNote && (
        <p className="max-w-prose whitespace-pre-line" data-testid="accessibility-note">
          {app.accessibilityNote}
        </p>
      )}
    </section>
  );
}
