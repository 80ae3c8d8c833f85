import { Badge } from '../../components/ui/badge';

/** Published, Scheduled (a draft with a publish time) or Draft. */
export function PostStatusBadge({ isPublished, scheduled = false }: { isPublished: boolean; scheduled?: boolean }) {
  if (isPublished) return <Badge variant="green">Published</Badge>;
  return scheduled ? <Badge variant="blue">Scheduled</Badge> : <Badge variant="yellow">Draft</Badge>;
}

/** "24 Nov, 09:00" in the reader's time zone. */
export const scheduleTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
