// One chart of the Analytics screen in its card: a title, the CSV of its report, and a table that is
// the chart's text alternative: always there for screen readers, shown to everyone on "Show as table".
import { Download, Table2, ChartColumn } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../lib/utils';

export interface TableColumn<T> {
  label: string;
  cell: (row: T) => ReactNode;
  /** Figures are right-aligned. */
  numeric?: boolean;
}

export function DataTable<T>({
  caption,
  columns,
  rows,
  className,
  visible = true,
}: {
  caption: string;
  columns: TableColumn<T>[];
  rows: T[];
  className?: string;
  /** Shown (a wide table scrolls, so it takes focus for the keyboard) or for screen readers only. */
  visible?: boolean;
}) {
  const table = (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b">
          {columns.map((c) => (
            <th
              key={c.label}
              scope="col"
              className={cn('px-2 py-2 font-medium text-muted-foreground', c.numeric ? 'text-right' : 'text-left')}
            >
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i} className="border-b last:border-0">
            {columns.map((c, j) => {
              const Cell = j === 0 ? 'th' : 'td';
              return (
                <Cell
                  key={c.label}
                  scope={j === 0 ? 'row' : undefined}
                  className={cn(
                    'px-2 py-1.5 font-normal',
                    c.numeric ? 'text-right tabular-nums' : 'text-left break-all',
                  )}
                >
                  {c.cell(row)}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (!visible) return <div className="sr-only">{table}</div>;
  return (
    <div role="group" aria-label={caption} tabIndex={0} className={cn('w-full overflow-x-auto', className)}>
      {table}
    </div>
  );
}

export function ChartCard<T>({
  title,
  description,
  csvHref,
  columns,
  rows,
  chart,
  empty = 'Nothing counted in this range.',
  className,
}: {
  title: string;
  description?: ReactNode;
  csvHref: string;
  columns: TableColumn<T>[];
  rows: T[];
  /** The chart (hidden from screen readers: the table says the same). */
  chart: ReactNode;
  empty?: string;
  className?: string;
}) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className={cn('min-w-0', className)}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 pb-3">
        <div className="min-w-0 space-y-1">
          <CardTitle id={headingId} className="text-base">
            {title}
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {rows.length > 0 && (
          <div className="flex gap-1">
            <Button
              variant="ghost"
              size="sm"
              aria-pressed={asTable}
              onClick={() => setAsTable((v) => !v)}
              aria-label={asTable ? `Show ${title} as a chart` : `Show ${title} as a table`}
            >
              {asTable ? <ChartColumn aria-hidden="true" /> : <Table2 aria-hidden="true" />}
              <span className="hidden sm:inline">{asTable ? 'Chart' : 'Table'}</span>
            </Button>
            <a
              href={csvHref}
              download
              className={buttonVariants({ variant: 'ghost', size: 'sm' })}
              aria-label={`Download ${title} as CSV`}
            >
              <Download aria-hidden="true" />
              <span className="hidden sm:inline">CSV</span>
            </a>
          </div>
        )}
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">{empty}</p>
        ) : asTable ? (
          <DataTable caption={title} columns={columns} rows={rows} />
        ) : (
          <>
            <div aria-hidden="true" className="w-full min-w-0">
              {chart}
            </div>
            <DataTable caption={title} columns={columns} rows={rows} visible={false} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
