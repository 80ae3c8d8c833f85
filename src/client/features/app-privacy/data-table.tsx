// "Data we collect" on an app's privacy page: one row per data type, with the App Store label's
// answers (linked to you, used to track you, purposes) and Play's Data safety answers. Rendered
// on the server; a plain table that scrolls sideways on narrow screens.
import type { AppPrivacyPolicy } from '../../../shared/schemas/app-privacy';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

const COLUMNS = [
  'Data type',
  'Linked to you',
  'Used to track you',
  'Purposes',
  'Shared with third parties',
  'Collection',
  'Encrypted in transit',
  'You can ask to delete it',
] as const;

type Row = AppPrivacyPolicy['dataCollected'][number];

/** A row's answers, in the table's column order (after the data type). */
const answersOf = (row: Row): [string, string][] => [
  ['Linked to you', yesNo(row.linkedToUser)],
  ['Used to track you', yesNo(row.usedForTracking)],
  ['Purposes', row.purposes.join(', ')],
  ['Shared with third parties', yesNo(row.sharedWithThirdParties)],
  ['Collection', row.optional ? 'Optional' : 'Required'],
  ['Encrypted in transit', yesNo(row.encryptedInTransit)],
  ['You can ask to delete it', yesNo(row.canBeDeleted)],
];

export function DataWeCollect({
  appTitle,
  policy,
}: {
  appTitle: string;
  policy: Pick<AppPrivacyPolicy, 'dataCollected' | 'noDataCollected'>;
}) {
  const rows = policy.dataCollected;
  // Nothing declared: no section (an empty table would read as "collects nothing", which staff did not say).
  if (rows.length === 0 && !policy.noDataCollected) return null;
  return (
    <section aria-labelledby="data-heading" className="mt-12 space-y-4">
      <h2 id="data-heading" className="text-2xl font-bold tracking-tight">
        Data we collect
      </h2>
      {rows.length === 0 ? (
        <p className="rounded-xl border bg-card p-5" data-testid="no-data">
          This app collects no data.
        </p>
      ) : (
        <>
          <p className="text-muted-foreground">
            What {appTitle} collects, in the categories of the App Store privacy label, with the answers given in Google
            Play’s Data safety section.
          </p>
          <ul className="space-y-3 md:hidden" aria-labelledby="data-heading" data-testid="data-cards">
            {rows.map((row) => (
              <li key={`${row.category}|${row.dataType}`} className="rounded-xl border bg-card p-4">
                <h3 className="font-semibold">{row.dataType}</h3>
                <p className="text-xs text-muted-foreground">{row.category}</p>
                <dl className="mt-3 grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
                  {answersOf(row).map(([label, value]) => (
                    <div key={label} className={label === 'Purposes' ? 'col-span-2' : undefined}>
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
                  {COLUMNS.map((column) => (
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
                      {row.dataType}
                      <span className="block text-xs font-normal text-muted-foreground">{row.category}</span>
                    </th>
                    {answersOf(row).map(([label, value]) => (
                      <td key={label} className="px-3 py-2">
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
