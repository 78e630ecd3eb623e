import { useId } from "react";
import { Link } from "react-router";

/**
 * `compact` drops the wordmark on narrow screens, for headers that also carry actions (the link keeps its name); "app"
 * drops it below 640 px, where the signed-in header's four sections need the room.
 */
export function Logo({ to = "/", compact = false }: { to?: string; compact?: boolean | "app" }) {
  // A page can show the logo twice (header and footer): each gradient needs its own id.
  const gradientId = `${useId()}logo-gradient`;
  return (
    <Link to={to} className="flex items-center gap-2 rounded-lg font-bold tracking-tight" aria-label="Thumbforge">
      <svg aria-hidden="true" viewBox="0 0 64 64" className="size-8 shrink-0">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#f97316" />
            <stop offset="1" stopColor="#a21caf" />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="16" fill={`url(#${gradientId})`} />
        <path d="M18 20h28v7H36v21h-8V27H18z" fill="#fff" />
      </svg>
      <span className={compact === "app" ? "hidden text-lg sm:inline" : compact ? "hidden text-lg min-[440px]:inline" : "text-lg"}>Thumbforge</span>
    </Link>
  );
}
