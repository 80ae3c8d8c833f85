import { Badge } from '../../components/ui/badge';

const COLOURS = { Live: 'green', Testing: 'blue', 'In Development': 'yellow', 'In Design': 'purple' } as const;

/**
 * Live green, Testing blue, In Development yellow, In Design purple, anything else grey (SPEC §4).
 * A public page gives the status's words in its language (`label`); the admin shows the status.
 */
export function StatusBadge({ status, label = status }: { status: string; label?: string }) {
  const variant = COLOURS[status as keyof typeof COLOURS] ?? 'grey';
  return (
    <Badge variant={variant} data-status-colour={variant}>
      {label}
    </Badge>
  );
}
