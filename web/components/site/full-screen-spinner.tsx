export function FullScreenSpinner({ label = "Loading…" }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 grid place-items-center bg-bg" data-testid="full-screen-spinner">
      <div className="size-10 animate-spin rounded-full border-4 border-border border-t-primary" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
