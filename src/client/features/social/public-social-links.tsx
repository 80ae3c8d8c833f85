// The studio's social links on public pages (footer and the contact page's info panel): the contact
// data's X, LinkedIn and GitHub (SPEC §2), then the visible Social Media Links in their order, each
// address once. Staff pages are rendered with their session, which also reads hidden links: those
// are left out here too, so staff see what visitors see.
import { socialSprite, type SpriteIconName } from '../../../shared/icons';
import type { ContactInfo } from '../../../shared/schemas/site-content';
import { SpriteIcon } from '../../components/sprite-icon';
import { cx } from '../../lib/cx';
import { useSocialLinks } from './api';

export interface PublicSocialLink {
  href: string;
  label: string;
  icon: SpriteIconName;
}

/** One address, however it is written: host without case or www, no trailing slash, no fragment. */
export function sameLinkKey(href: string): string {
  try {
    const url = new URL(href);
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    const path = url.pathname.replace(/\/+$/, '');
    return `${host}${path}${url.search}`;
  } catch {
    return href.trim().toLowerCase();
  }
}

/** The links to show, from the contact details (read by the page that composes this) and the social links. */
export function usePublicSocialLinks(
  contact: Pick<ContactInfo, 'twitterLink' | 'linkedinLink' | 'githubLink'> | null | undefined,
): PublicSocialLink[] {
  const { data: links } = useSocialLinks();
  const all: (PublicSocialLink | null)[] = [
    contact?.twitterLink ? { href: contact.twitterLink, label: 'X (Twitter)', icon: 'x-twitter' } : null,
    contact?.linkedinLink ? { href: contact.linkedinLink, label: 'LinkedIn', icon: 'linkedin' } : null,
    contact?.githubLink ? { href: contact.githubLink, label: 'GitHub', icon: 'github' } : null,
    ...[...(links ?? [])]
      .filter((l) => l.isVisible)
      .sort((a, b) => a.order - b.order || a.id - b.id)
      .map((l) => ({
        href: l.url,
        label: l.name,
        icon: socialSprite(l.icon),
      })),
  ];
  const seen = new Set<string>();
  return all.filter((link): link is PublicSocialLink => {
    if (!link) return false;
    const key = sameLinkKey(link.href);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The links as icon buttons, each named for screen readers and opening in a new tab. */
export function SocialLinkList({
  links,
  label,
  newTab,
  itemClassName,
  className,
}: {
  links: PublicSocialLink[];
  label: string;
  /** What a screen reader hears after each name, in the page's language: " (opens in a new tab)". */
  newTab: string;
  itemClassName: string;
  className?: string;
}) {
  return (
    <ul className={cx('flex flex-wrap gap-2', className)} aria-label={label}>
      {links.map(({ href, label: name, icon }) => (
        <li key={href}>
          <a href={href} target="_blank" rel="noopener noreferrer" className={itemClassName} title={name}>
            <SpriteIcon name={icon} />
            <span className="sr-only">{`${name}${newTab}`}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
