import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';

/** A post card's "Read More" link; it names its post in its own text (search engines flag a bare "Read More"). */
/** "Read More" (the spec's words), or the page's language's when the page gives them (issue 24). */
export function ReadMoreLink({
  to,
  title,
  text = 'Read More',
  about = `Read More: ${title}`,
}: {
  to: string;
  title: string;
  text?: string;
  about?: string;
}) {
  return (
    <Link to={to} className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
      <span className="sr-only">{about}</span>
      <span aria-hidden="true">{text}</span>
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
}
