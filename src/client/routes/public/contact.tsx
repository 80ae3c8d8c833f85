import { Mail, MapPin } from 'lucide-react';
import { useContext } from 'react';
import type { HeadData } from '../../page-kit/head';
import { useT, type Translate } from '../../page-kit/messages';
import { ContactFormContext } from '../../page-kit/page-state';
import type { SiteInfo } from '../../page-kit/site-context';
import { PageContainer } from '../../components/page';
import { SkeletonLines } from '../../components/ui/skeleton';
import { useContactInfo } from '../../features/pages/api';
import { SocialLinkList, usePublicSocialLinks } from '../../features/social/public-social-links';
import ContactForm from '../../islands/contact-form';
import { Island } from '../../islands/island';
import { definePublicPage, reads } from '../../page-kit/public-page';
import { paths } from '../../../shared/paths';

function InfoPanel() {
  const t = useT();
  const contact = useContactInfo();
  const c = contact.data;
  const socials = usePublicSocialLinks(contact.data);
  return (
    <aside aria-labelledby="contact-info-title" className="rounded-xl border bg-card p-6 shadow-sm">
      <h2 id="contact-info-title" className="text-xl font-semibold">
        {t('contact.infoTitle')}
      </h2>
      {contact.isPending ? (
        <SkeletonLines
          className="mt-6 space-y-5"
          label={t('contact.infoLoading')}
          data-testid="contact-skeleton"
          lines={['h-5 w-3/4', 'h-5 w-1/2']}
        >
          <SkeletonLines className="flex gap-2" lines={Array<string>(3).fill('size-10 rounded-full')} />
        </SkeletonLines>
      ) : contact.isError || !c ? (
        <p className="mt-4 text-muted-foreground">{t('contact.infoUnavailable')}</p>
      ) : (
        <dl className="mt-6 space-y-5">
          <div className="flex gap-3">
            <dt>
              <Mail aria-hidden="true" className="mt-0.5 size-5 text-primary" />
              <span className="sr-only">{t('contact.email')}</span>
            </dt>
            <dd>
              <a href={`mailto:${c.email}`} className="font-medium break-all hover:text-primary hover:underline">
                {c.email}
              </a>
            </dd>
          </div>
          {c.location && (
            <div className="flex gap-3">
              <dt>
                <MapPin aria-hidden="true" className="mt-0.5 size-5 text-primary" />
                <span className="sr-only">{t('contact.location')}</span>
              </dt>
              <dd>{c.location}</dd>
            </div>
          )}
          {socials.length > 0 && (
            <div>
              <dt className="mb-2 text-sm font-medium text-muted-foreground">{t('contact.followUs')}</dt>
              <dd>
                <SocialLinkList
                  links={socials}
                  label={t('contact.socialLinks')}
                  newTab={t('appPage.newTab')}
                  itemClassName="grid size-10 place-items-center rounded-full border hover:bg-accent"
                />
              </dd>
            </div>
          )}
        </dl>
      )}
    </aside>
  );
}

function contactHead(site: SiteInfo, t: Translate): HeadData {
  return {
    title: t('head.titleSuffix', { title: t('contact.title'), site: site.name }),
    description: t('contact.description', { site: site.name }),
    path: paths.contact,
  };
}

export default function ContactPage() {
  const form = useContext(ContactFormContext);
  const t = useT();
  return (
    <PageContainer>
      <div className="max-w-2xl">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{t('contact.heading')}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{t('contact.intro')}</p>
      </div>
      <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_1.6fr]">
        <InfoPanel />
        <Island name="contact-form" component={ContactForm} props={form} messages={['contactForm']} />
      </div>
    </PageContainer>
  );
}

export const contactPage = definePublicPage({
  paths: [paths.contact],
  reads: () => reads([]),
  head: ({ site, t }) => contactHead(site, t),
  element: <ContactPage />,
});
