import { Link, useLocation } from 'react-router';
import { paths } from '../../../shared/paths';
import { useT, useTRich } from '../../page-kit/messages';
import { notFoundHead } from '../../page-kit/seo';
import { buttonVariants } from '../../components/ui/button';
import { PageContainer } from '../../components/page';
import { definePublicPage, reads } from '../../page-kit/public-page';
import { NotFoundSearch } from './search';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  const t = useT();
  const rich = useTRich();
  return (
    <PageContainer narrow className="py-24 text-center">
      <p className="text-4xl font-extrabold text-primary sm:text-5xl lg:text-6xl">404</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{t('notFound.title')}</h1>
      <p className="mt-3 text-muted-foreground">
        {rich('notFound.text', {
          path: pathname,
          code: (chunks) => <code className="rounded bg-muted px-1.5 py-0.5 text-sm">{chunks}</code>,
        })}
      </p>
      <Link to={paths.home} className={buttonVariants({ className: 'mt-8' })}>
        {t('notFound.back')}
      </Link>
      <NotFoundSearch />
    </PageContainer>
  );
}

/** Any address no other page has. */
export const notFoundPage = definePublicPage({
  paths: ['*'],
  reads: () => reads([]),
  head: ({ site, t }) => notFoundHead(site, '', undefined, t),
  element: <NotFoundPage />,
});
