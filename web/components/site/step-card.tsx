import type { ReactNode } from "react";

/** One numbered step of a How It Works list. */
export function StepCard(props: { step: number; title: string; body: string; className?: string; children?: ReactNode }) {
  return (
    <li className={`rounded-2xl border border-border bg-surface p-6 ${props.className ?? ""}`}>
      <span aria-hidden="true" className="brand-gradient grid size-9 place-items-center rounded-full text-sm font-black text-white">
        {props.step}
      </span>
      <h3 className="mt-4 text-lg font-bold">{props.title}</h3>
      <p className="mt-1 text-muted">{props.body}</p>
      {props.children}
    </li>
  );
}
