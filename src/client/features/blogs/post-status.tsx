import { Badge } from '../../components/ui/badge';

export function PostStatusBadge({ isPublished }: { isPublished: boolean }) {
  return isPublished ? <Badge variant="green">Published</Badge> : <Badge variant="yellow">Draft</Badge>;
}
