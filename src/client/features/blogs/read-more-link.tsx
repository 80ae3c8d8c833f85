import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';

/** A post card's "Read More" link; it names its post in its own text (search engines flag a bare "Read More"). */
export function ReadMoreLink({ to, title }: { to: string; title: string }) {
  return (
    <Link to={to} className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
      <span className="sr-only">Read More: {title}</span>
      <span aria-hidden="true">Read More</span>
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
}
