import { Badge } from '../../components/ui/badge';

const COLOURS = { Live: 'green', Testing: 'blue', 'In Development': 'yellow', 'In Design': 'purple' } as const;

/** Live green, Testing blue, In Development yellow, In Design purple, anything else grey (SPEC §4). */
export function StatusBadge({ status }: { status: string }) {
  const variant = COLOURS[status as keyof typeof COLOURS] ?? 'grey';
  return (
    <Badge variant={variant} data-status-colour={variant}>
      {status}
    </Badge>
  );
}
