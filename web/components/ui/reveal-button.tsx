import { Button } from "./button.tsx";

/** Shows or hides a password field's text; a toggle, so it reports its state with aria-pressed. */
export function RevealButton({ shown, onToggle, showLabel, hideLabel }: { shown: boolean; onToggle: () => void; showLabel: string; hideLabel: string }) {
  return (
    <Button variant="ghost" size="xs" onClick={onToggle} aria-pressed={shown}>
      {shown ? hideLabel : showLabel}
    </Button>
  );
}
