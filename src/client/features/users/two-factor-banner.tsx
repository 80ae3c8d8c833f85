// The admin's reminder (issue 23): while the site requires two-factor of the signed-in user and they
// have none, every screen says so, until when, and links to My Profile's two-factor card.
import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { useTwoFactorStatus } from './two-factor-api';

export function TwoFactorBanner() {
  const status = useTwoFactorStatus();
  const data = status.data;
  if (!data?.required || data.enabled) return null;
  const until = data.graceEndsAt
    ? new Date(data.graceEndsAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    : null;
  return (
    <div
      role="alert"
      className="mb-6 flex flex-wrap items-center gap-3 rounded-md border border-destructive/50 p-3 text-sm"
    >
      <ShieldAlert aria-hidden="true" className="size-5 shrink-0 text-destructive" />
      <span className="flex-1">
        This site requires two-factor for your account.{until && <> Set it up before {until} to keep signing in.</>}
      </span>
      <Link
        to={`${paths.admin.users}#two-factor`}
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        Set up two-factor
      </Link>
    </div>
  );
}
