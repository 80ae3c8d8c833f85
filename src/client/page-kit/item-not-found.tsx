// A public address whose item does not exist (an app, a post, a page of the blog, a policy): the
// title, one line, and the way back. Its head is the page definition's (`itemNotFoundHead`).
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../shared/paths';
import { PageContainer } from '../components/page';
import { buttonVariants } from '../components/ui/button';
import type { HeadData } from './head';
import { useT } from './messages';
import { notFoundHead } from './seo';
import type { SiteInfo } from './site-context';

export function ItemNotFound({
  title,
  text,
  back,
}: {
  title: string;
  text: string;
  /** Where the button leads; none where there is no natural way back. */
  back?: { to: string; label: string } | null;
}) {
  const t = useT();
  const way = back === undefined ? { to: paths.home, label: t('itemNotFound.back') } : back;
  return (
    <PageContainer narrow className="py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-muted-foreground">{text}</p>
      {way && (
        <Link to={way.to} className={buttonVariants({ className: 'mt-8' })}>
          <ArrowLeft aria-hidden="true" />
          {way.label}
        </Link>
      )}
    </PageContainer>
  );
}

/** The head of an item's not-found state: its title, status 404, not indexed, at the address opened. */
export const itemNotFoundHead = (site: SiteInfo, title: string): HeadData => notFoundHead(site, '', title);
