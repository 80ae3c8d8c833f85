// The toast region: Radix Toast with F8, swipe right 50 px, label 'Notification', 420 px wide.
import { X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { cn } from '../../lib/utils';
import { dismiss, TOAST_DURATION, useToasts } from '../../lib/toast';

/** The Radix toast region; loaded only once a toast is shown (see ToastHost). */
export default function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50} label="Notification">
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => !open && dismiss(t.id)}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-9 shadow-lg transition-all',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            'data-[state=open]:animate-in data-[state=closed]:opacity-0',
            t.variant === 'destructive'
              ? 'border-destructive-solid bg-destructive-solid text-destructive-foreground'
              : 'border-border bg-card text-card-foreground',
          )}
          data-variant={t.variant ?? 'default'}
        >
          <div className="grid gap-1">
            {t.title && <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>}
            {t.description && (
              <ToastPrimitive.Description className="text-sm">{t.description}</ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100"
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
