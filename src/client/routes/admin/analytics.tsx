// Analytics (issue 27): the site's visits counted without cookies, as charts of a range (7, 30, 90
// days or custom) for all apps or one, all languages or one; the range and filters live in the
// address. Each chart reads its own part and has a table alternative and a CSV. Administrators only.
// The chart library comes with this screen's chunk, not with the rest of the admin.
import { ChartLine, ShieldAlert } from 'lucide-react';
import { EmptyCard, QueryState } from '../../components/query-state';
import { useMe } from '../../features/admin/auth-api';
import { useAnalyticsPart, viewFromParams } from '../../features/analytics/api';
import { AnalyticsFilters, type ViewChange } from '../../features/analytics/filters';
import {
  AppsPanel,
  CampaignsPanel,
  FunnelPanel,
  ListPanel,
  StoresPanel,
  VisitsPanel,
  VitalsPanel,
} from '../../features/analytics/panels';
import { RawDaysCard } from '../../features/analytics/raw-days-card';
import { SampleBanner } from '../../features/analytics/sample-banner';
import { useApps } from '../../features/apps/api';
import { useSiteLocales } from '../../features/translations/api';
import { useSearchParamsSetter } from '../../lib/use-search-params-setter';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

const DESCRIPTION = 'Visits to the site, counted without cookies or anything stored on the visitor.';

const DEVICE_NAMES: Record<string, string> = { phone: 'Phone', tablet: 'Tablet', desktop: 'Desktop' };
const OUTBOUND_NAMES: Record<string, string> = { trailer: 'Trailer plays', 'press-kit': 'Press kit downloads' };
const MESSAGE_NAMES: Record<string, string> = { contact: 'Contact form', press: 'Press copy requests' };

export default function AnalyticsPage() {
  useDocumentTitle('Analytics');
  const me = useMe();
  if (me.data && !me.data.isAdmin) {
    return (
      <AdminPage title="Analytics" description={DESCRIPTION}>
        <EmptyCard icon={<ShieldAlert aria-hidden="true" className="mb-3 size-10 text-muted-foreground" />}>
          Only administrators can read the analytics.
        </EmptyCard>
      </AdminPage>
    );
  }
  return <Analytics />;
}

function Analytics() {
  const [params, setParams] = useSearchParamsSetter();
  const view = viewFromParams(params);
  const apps = useApps();
  const locales = useSiteLocales();
  const series = useAnalyticsPart(view, 'series');
  const change = (changes: Partial<ViewChange>) => setParams(changes as Record<string, string | null>);
  const languageName = (code: string) => locales.data?.find((l) => l.code === code)?.name ?? code;

  return (
    <AdminPage title="Analytics" description={DESCRIPTION}>
      <AnalyticsFilters
        key={`${view.from}:${view.to}:${view.days}`}
        view={view}
        apps={(apps.data ?? []).map((a) => ({ value: String(a.id), label: a.title }))}
        locales={(locales.data ?? []).map((l) => ({ value: l.code, label: l.name }))}
        onChange={change}
      />
      {series.data?.sample && <SampleBanner />}
      <p className="sr-only" aria-live="polite">
        {series.data ? `Showing ${series.data.from} to ${series.data.to}` : ''}
      </p>
      <QueryState
        query={series}
        loading="Loading the analytics..."
        error="Failed to load the analytics"
        isEmpty={(data) => data.totals!.views === 0 && !data.sample}
        empty={
          <EmptyCard icon={<ChartLine aria-hidden="true" className="mb-3 size-10 text-muted-foreground" />}>
            <p>No visits counted yet in this range.</p>
            <p className="mt-1 text-sm font-normal text-muted-foreground">
              Page views show here as soon as visitors open the site; try a longer range or other filters.
            </p>
          </EmptyCard>
        }
      >
        {() => (
          <div className="grid min-w-0 gap-4 lg:grid-cols-2">
            <div className="min-w-0 lg:col-span-2">
              <VisitsPanel view={view} />
            </div>
            <ListPanel view={view} part="pages" title="Top pages" keyLabel="Page" />
            <AppsPanel view={view} />
            <ListPanel
              view={view}
              part="referrers"
              title="Referrers"
              keyLabel="Referrer"
              label={(key) => key || 'Direct'}
              description="The site a visit came from; Direct when none."
            />
            <CampaignsPanel view={view} />
            <StoresPanel view={view} />
            <FunnelPanel view={view} />
            <div className="min-w-0 lg:col-span-2">
              <VitalsPanel view={view} />
            </div>
            <ListPanel
              view={view}
              part="devices"
              title="Devices"
              keyLabel="Device"
              label={(key) => DEVICE_NAMES[key] ?? key}
            />
            <ListPanel view={view} part="os" title="Operating systems" keyLabel="Operating system" />
            <ListPanel view={view} part="locales" title="Languages" keyLabel="Language" label={languageName} />
            <ListPanel view={view} part="countries" title="Countries" keyLabel="Country" />
            <ListPanel
              view={view}
              part="outbound"
              title="Outbound clicks"
              keyLabel="Target"
              countLabel="Clicks"
              label={(key) => OUTBOUND_NAMES[key] ?? key}
            />
            <ListPanel
              view={view}
              part="messages"
              title="Messages"
              keyLabel="Kind"
              countLabel="Messages"
              label={(key) => MESSAGE_NAMES[key] ?? key}
            />
          </div>
        )}
      </QueryState>
      <div className="mt-8 max-w-2xl">
        <RawDaysCard />
      </div>
    </AdminPage>
  );
}
