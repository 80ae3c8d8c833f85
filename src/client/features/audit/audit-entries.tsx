// The audit log's entries: a table from the large breakpoint, one card per entry below it (issue 23).
// Times in the viewer's locale with the exact ISO instant in a title; actions in words (the recorded
// name beside them); targets linked to where they are edited; changes as a compact before → after list.
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { AuditEntry } from '../../../shared/schemas/audit-log';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { actionInWords, shownValue, targetHref } from './action-words';

function When({ at }: { at: string }) {
  return (
    <time dateTime={at} title={at} className="whitespace-nowrap">
      {new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' })}
    </time>
  );
}

function Actor({ actor }: { actor: AuditEntry['actor'] }) {
  if (!actor.name) return <span className="text-muted-foreground">Nobody signed in</span>;
  return (
    <span className="break-all">
      {actor.name}
      {actor.id === null && <span className="text-muted-foreground"> (deleted)</span>}
    </span>
  );
}

function Action({ action }: { action: string }) {
  return (
    <span>
      <span className="font-medium">{actionInWords(action)}</span>
      <code className="block text-xs text-muted-foreground">{action}</code>
    </span>
  );
}

function Target({ target }: { target: AuditEntry['target'] }) {
  if (!target.type && !target.label) return <span className="text-muted-foreground">—</span>;
  const label = target.label || (target.id ? `${target.type} ${target.id}` : target.type);
  const href = targetHref(target);
  return (
    <span className="break-words">
      {href ? (
        <Link to={href} className="font-medium text-primary underline-offset-4 hover:underline">
          {label}
        </Link>
      ) : (
        <span className="font-medium">{label}</span>
      )}
      <span className="block text-xs text-muted-foreground">
        {target.type}
        {target.id && ` #${target.id}`}
      </span>
    </span>
  );
}

function Changes({ changes }: { changes: AuditEntry['changes'] }) {
  const fields = Object.entries(changes ?? {});
  if (!fields.length) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="space-y-0.5 text-xs">
      {fields.map(([field, { before, after }]) => (
        <li key={field} className="break-words">
          <span className="font-medium">{field}</span>:{' '}
          {before !== undefined && (
            <>
              <span className="text-muted-foreground line-through decoration-muted-foreground/60">
                {shownValue(before)}
              </span>
              <ArrowRight aria-label="changed to" className="mx-1 inline size-3" />
            </>
          )}
          <span>{shownValue(after)}</span>
        </li>
      ))}
    </ul>
  );
}

export function AuditEntries({ items }: { items: AuditEntry[] }) {
  return (
    <>
      <div className="hidden lg:block">
        <Table aria-label="Audit log entries">
          <TableHeader>
            <TableRow>
              <TableHead>Time</TableHead>
              <TableHead>Who</TableHead>
              <TableHead>Address</TableHead>
              <TableHead>Action</TableHead>
              <TableHead>Target</TableHead>
              <TableHead>Changes</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((entry) => (
              <TableRow key={entry.id} data-testid="audit-row" className="align-top">
                <TableCell>
                  <When at={entry.at} />
                </TableCell>
                <TableCell>
                  <Actor actor={entry.actor} />
                </TableCell>
                <TableCell className="font-mono text-xs [overflow-wrap:anywhere]">{entry.address || '—'}</TableCell>
                <TableCell>
                  <Action action={entry.action} />
                </TableCell>
                <TableCell className="max-w-56">
                  <Target target={entry.target} />
                </TableCell>
                <TableCell className="max-w-80">
                  <Changes changes={entry.changes} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul aria-label="Audit log entries" className="space-y-3 lg:hidden">
        {items.map((entry) => (
          <li
            key={entry.id}
            data-testid="audit-card"
            className="space-y-2 rounded-lg border bg-card p-4 text-sm text-card-foreground shadow-sm"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <Action action={entry.action} />
              <span className="text-xs text-muted-foreground">
                <When at={entry.at} />
              </span>
            </div>
            <p>
              <Actor actor={entry.actor} />
              {entry.address && <span className="font-mono text-xs text-muted-foreground"> · {entry.address}</span>}
            </p>
            <Target target={entry.target} />
            {entry.changes && <Changes changes={entry.changes} />}
          </li>
        ))}
      </ul>
    </>
  );
}
