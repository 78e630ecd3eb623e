/** `text` with each of `terms` (case-insensitive) marked, for a search result. */
export function Highlight({ text, terms }: { text: string; terms: readonly string[] }) {
  const wanted = terms.filter(Boolean).map((term) => term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  if (wanted.length === 0) return <>{text}</>;
  const pattern = new RegExp(`(${wanted.join("|")})`, "giu");
  return (
    <>
      {text.split(pattern).map((piece, i) =>
        i % 2 === 1 ? (
          <mark key={i} className="rounded-sm bg-primary/20 px-0.5 text-fg">
            {piece}
          </mark>
        ) : (
          piece
        ),
      )}
    </>
  );
}
