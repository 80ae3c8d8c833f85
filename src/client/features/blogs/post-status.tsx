import { Badge } from '../../components/ui/badge';

/** Published, Scheduled (a draft with a publish time) or Draft; a public page may give its language's words. */
export function PostStatusBadge({
  isPublished,
  scheduled = false,
  labels = { published: 'Published', draft: 'Draft' },
}: {
  isPublished: boolean;
  scheduled?: boolean;
  labels?: { published: string; draft: string };
}) {
  if (isPublished) return <Badge variant="green">{labels.published}</Badge>;
  return scheduled ? <Badge variant="blue">Scheduled</Badge> : <Badge variant="yellow">{labels.draft}</Badge>;
}

/** "24 Nov, 09:00" in the reader's time zone. */
export const scheduleTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
