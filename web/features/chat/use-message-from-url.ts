import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { MESSAGE_PARAM } from "../../lib/app-links.ts";

/** How long a message opened from a search stays lit. */
const LIT_MS = 4000;

/**
 * The message the URL names (?m=, a search result): once it is in the thread shown it is scrolled to the middle of
 * the view and lit for a few seconds, and the parameter leaves the URL (a reload opens the thread as usual). A message
 * on a branch not shown is not in the thread; the thread opens as it is.
 */
export function useMessageFromUrl(messages: readonly { id: string }[]): string | null {
  const [params, setParams] = useSearchParams();
  const wanted = params.get(MESSAGE_PARAM);
  const [lit, setLit] = useState<string | null>(null);
  const present = wanted !== null && messages.some((message) => message.id === wanted);

  useEffect(() => {
    if (!wanted || !present) return;
    setLit(wanted);
    // After the thread's own scroll to its end, which runs as the messages render.
    requestAnimationFrame(() => document.querySelector(`[data-message-id="${CSS.escape(wanted)}"]`)?.scrollIntoView({ block: "center", behavior: "smooth" }));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(MESSAGE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [wanted, present, setParams]);

  useEffect(() => {
    if (!lit) return;
    const timer = setTimeout(() => setLit(null), LIT_MS);
    return () => clearTimeout(timer);
  }, [lit]);

  return lit;
}
