// Keeps Radix Toast out of the first download: the toast region loads with the first toast.
import { lazy, Suspense } from 'react';
import { useToasts } from '../../lib/toast';

const Toaster = lazy(() => import('./toaster'));

export function ToastHost() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
