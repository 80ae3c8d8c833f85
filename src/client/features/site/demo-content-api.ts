// "Remove the demo content" (issue 21): what would go, and the removal. Administrators only.
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import { DEMO_PAGE_LABELS, type DemoContentReport } from '../../../shared/schemas/demo-content';
import { errorMessage, http } from '../../lib/http';

export const demoContentQuery = () => ({ queryKey: [api.demoContent] as const });

/** `enabled`: only an administrator may ask (a plain User is refused). */
export const useDemoContent = (enabled: boolean) => useQuery<DemoContentReport>({ ...demoContentQuery(), enabled });

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "3 apps (Lantern Drift, Brightlist, Quiet Hours)", "9 posts", …: each part of what goes. */
export function demoContentParts(report: DemoContentReport): string[] {
  const parts: string[] = [];
  if (report.apps.length) {
    parts.push(`${plural(report.apps.length, 'app')} (${report.apps.map((a) => a.title).join(', ')})`);
  }
  if (report.posts) parts.push(plural(report.posts, 'post'));
  parts.push(...report.pages.map((page) => DEMO_PAGE_LABELS[page]));
  if (report.socialLinks) parts.push(plural(report.socialLinks, 'social link'));
  if (report.pressKit) parts.push("the studio press kit's demo credits and history");
  if (report.images) parts.push(plural(report.images, 'image'));
  if (report.sampleFigures) parts.push("the Analytics screen's sample figures");
  return parts;
}

export function useRemoveDemoContent() {
  return useMutation({
    mutationFn: () => http.delete<DemoContentReport>(api.demoContent),
    meta: {
      // Apps, posts, page texts, links and media all changed: every screen reads again.
      invalidates: [[]],
      success: (data) => {
        const report = data as DemoContentReport;
        return {
          title: 'Demo content removed',
          description: `Removed ${demoContentParts(report).join(', ') || 'nothing'}.`,
        };
      },
      error: (error) => ({ title: 'Failed to remove the demo content', description: errorMessage(error) }),
    },
  });
}
