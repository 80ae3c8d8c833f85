import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { SocialLink } from '../../../shared/schemas/social-links';
import type { AboutUs, ContactInfo, HomeContent, PrivacyPolicy } from '../../../shared/schemas/site-content';

export const contactQuery = () => ({ queryKey: [api.contact] as const });
export const privacyQuery = () => ({ queryKey: [api.privacyPolicy] as const });
export const homeContentQuery = () => ({ queryKey: [api.homeContent] as const });
export const aboutQuery = () => ({ queryKey: [api.aboutUs] as const });
export const socialQuery = () => ({ queryKey: [api.socialMedia] as const });

export const useContactInfo = () => useQuery<ContactInfo | null>(contactQuery());
export const usePrivacyPolicy = () => useQuery<PrivacyPolicy | null>(privacyQuery());
export const useHomeContent = () => useQuery<HomeContent | null>(homeContentQuery());
export const useAboutUs = () => useQuery<AboutUs | null>(aboutQuery());
export const useSocialLinks = () => useQuery<SocialLink[]>(socialQuery());
