// A row's action (Edit, Delete, Mark as read…): in a dense table an icon button with a tooltip, in a
// stacked card an outline button with its word. Either way the accessible name says what it acts on.
import type { ReactNode } from 'react';
import { Button } from './button';
import { Tooltip } from './controls';

export function ActionButton({
  icon,
  label,
  name,
  compact = false,
  destructive = false,
  disabled,
  onClick,
}: {
  icon: ReactNode;
  /** The word on the button or in the tooltip: "Edit", "Delete". */
  label: string;
  /** The accessible name, naming the item: "Delete message: Hello". */
  name: string;
  compact?: boolean;
  destructive?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  const tone = destructive ? 'destructive' : undefined;
  if (compact) {
    return (
      <Tooltip label={label}>
        <Button variant="ghost" size="iconSm" tone={tone} aria-label={name} disabled={disabled} onClick={onClick}>
          {icon}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Button variant="outline" size="sm" tone={tone} aria-label={name} disabled={disabled} onClick={onClick}>
      {icon}
      {label}
    </Button>
  );
}
