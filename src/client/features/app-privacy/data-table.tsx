// "Data we collect" on an app's privacy page: one row per data type, with the App Store label's
// answers (linked to you, used to track you, purposes) and Play's Data safety answers. Rendered
// on the server; a plain table that scrolls sideways on narrow screens.
import type { AppPrivacyPolicy, LabelNameKind } from '../../../shared/schemas/app-privacy';

/** The table's words, in the page's language (the page passes them: features do not read catalogues). */
export interface DataTableWords {
  heading: string;
  none: string;
  /** What the app collects, naming the app. */
  intro: string;
  dataType: string;
  linkedToYou: string;
  usedToTrackYou: string;
  purposes: string;
  sharedWithThirdParties: string;
  collection: string;
  encryptedInTransit: string;
  canAskToDelete: string;
  yes: string;
  no: string;
  optional: string;
  required: string;
  /** Apple's name of a category, data type or purpose (the rows store it in English), in the page's language. */
  labelName: (kind: LabelNameKind, name: string) => string;
}

type Row = AppPrivacyPolicy['dataCollected'][number];
type Answer = { key: string; label: string; value: string };

/** A row's answers, in the table's column order (after the data type). */
const answersOf = (row: Row, w: DataTableWords): Answer[] => {
  const yesNo = (value: boolean) => (value ? w.yes : w.no);
  return [
    { key: 'linked', label: w.linkedToYou, value: yesNo(row.linkedToUser) },
    { key: 'tracking', label: w.usedToTrackYou, value: yesNo(row.usedForTracking) },
    {
      key: 'purposes',
      label: w.purposes,
      value: row.purposes.map((purpose) => w.labelName('purpose', purpose)).join(', '),
    },
    { key: 'shared', label: w.sharedWithThirdParties, value: yesNo(row.sharedWithThirdParties) },
    { key: 'collection', label: w.collection, value: row.optional ? w.optional : w.required },
    { key: 'encrypted', label: w.encryptedInTransit, value: yesNo(row.encryptedInTransit) },
    { key: 'deletable', label: w.canAskToDelete, value: yesNo(row.canBeDeleted) },
  ];
};

export function DataWeCollect({
  policy,
  words: w,
}: {
  policy: Pick<AppPrivacyPolicy, 'dataCollected' | 'noDataCollected'>;
  words: DataTableWords;
}) {
  const rows = policy.dataCollected;
  // Nothing declared: no section (an empty table would read as "collects nothing", which staff did not say).
  if (rows.length === 0 && !policy.noDataCollected) return null;
  return (
    <section aria-labelledby="data-heading" className="mt-12 space-y-4">
      <h2 id="data-heading" className="text-2xl font-bold tracking-tight">
        {w.heading}
      </h2>
      {rows.length === 0 ? (
        <p className="rounded-xl border bg-card p-5" data-testid="no-data">
          {w.none}
        </p>
      ) : (
        <>
          <p className="text-muted-foreground">{w.intro}</p>
          <ul className="space-y-3 md:hidden" aria-labelledby="data-heading" data-testid="data-cards">
            {rows.map((row) => (
              <li key={`${row.category}|${row.dataType}`} className="rounded-xl border bg-card p-4">
                <h3 className="font-semibold">{w.labelName('dataType', row.dataType)}</h3>
                <p className="text-xs text-muted-foreground">{w.labelName('category', row.category)}</p>
                <dl className="mt-3 grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
                  {answersOf(row, w).map(({ key, label, value }) => (
                    <div key={key} className={key === 'purposes' ? 'col-span-2' : undefined}>
                      <dt className="text-xs text-muted-foreground">{label}</dt>
                      <dd className="font-medium break-words">{value}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
          <div
            className="hidden overflow-x-auto rounded-xl border md:block"
            tabIndex={0}
            role="region"
            aria-labelledby="data-heading"
          >
            <table className="w-full border-collapse text-left text-sm">
              <thead className="bg-muted/60">
                <tr>
                  {[w.dataType, ...answersOf(rows[0]!, w).map((a) => a.label)].map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 align-bottom font-semibold">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={`${row.category}|${row.dataType}`} className="border-t align-top">
                    <th scope="row" className="px-3 py-2 font-medium">
                      {w.labelName('dataType', row.dataType)}
                      <span className="block text-xs font-normal text-muted-foreground">
                        {w.labelName('category', row.category)}
                      </span>
                    </th>
                    {answersOf(row, w).map(({ key, value }) => (
                      <td key={key} className="px-3 py-2">
                        {value}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
