// The guard: a spinner while checking, then the admin screens or the sign-in page.
// A failed check counts as signed out (SPEC §4 "Admin guard").
import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { Spinner } from '../../components/ui/spinner';
import { useAuthCheck } from '../../features/admin/auth-api';

export function RequireAuth({ children }: { children: ReactNode }) {
  const check = useAuthCheck();
  useEffect(() => {
    if (check.isError) console.warn('Auth check failed:', check.error);
  }, [check.isError, check.error]);
  if (check.isPending) {
    return (
      <div className="grid min-h-screen place-items-center">
        <Spinner label="Checking your session" />
      </div>
    );
  }
  if (check.isError || !check.data.isAuthenticated) return <Navigate to={paths.admin.auth} replace />;
  return <>{children}</>;
}
