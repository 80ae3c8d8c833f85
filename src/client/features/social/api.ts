// Social media links as visitors see them (GET /api/social-media answers visible links to them).
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { SocialLink } from '../../../shared/schemas/social-links';

export const useSocialLinks = () => useQuery<SocialLink[]>({ queryKey: [api.socialMedia] });
