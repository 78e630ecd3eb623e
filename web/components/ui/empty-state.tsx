import type { ReactNode } from "react";

/** Where a list or a view has nothing yet: an icon, a title, a line that says what to do, and maybe an action. */
export function EmptyState({
  icon,
  title,
  text,
  action,
  framed = true,
  className = "",
  ...data
}: {
  /** A decorative icon (an svg); it is hidden from assistive tech. */
  icon?: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  action?: ReactNode;
  /** A dashed border around it, for an empty list; off when it already sits inside a frame. */
  framed?: boolean;
  className?: string;
} & Record<`data-${string}`, string | undefined>) {
  return (
    <div
      {...data}
      className={`grid justify-items-center gap-2 text-center ${framed ? "rounded-2xl border border-dashed border-border bg-surface px-6 py-10" : "p-6"} ${className}`}
    >
      {icon && (
        <span aria-hidden="true" className="grid place-items-center text-muted">
          {icon}
        </span>
      )}
      <p className="font-semibold">{title}</p>
      {text && <p className="max-w-sm text-sm text-muted">{text}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
