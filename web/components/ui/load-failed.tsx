import { Button } from "./button.tsx";

/** A list that could not be read: what went wrong, in the user's words, and a way to ask again. */
export function LoadFailed({ message, retryLabel, onRetry, "data-testid": testId }: { message: string; retryLabel: string; onRetry: () => void; "data-testid"?: string }) {
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-2xl border border-danger/40 bg-surface p-5" data-testid={testId}>
      <p className="font-semibold text-danger">{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
