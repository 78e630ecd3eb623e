import { type PointerEvent as ReactPointerEvent, type WheelEvent as ReactWheelEvent, useCallback, useLayoutEffect, useRef, useState } from "react";

export interface View {
  scale: number;
  x: number;
  y: number;
}

export const MIN_SCALE = 1;
export const MAX_SCALE = 8;
const fitted: View = { scale: 1, x: 0, y: 0 };

const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/**
 * Zooms the view to `scale` keeping the point under (`cx`, `cy`) — relative to the frame's centre — where it is, the
 * way a map zooms under the cursor or between two fingers. Back at 1 the picture is centred again.
 */
export function zoomAt(view: View, scale: number, cx: number, cy: number): View {
  const next = clampScale(scale);
  if (next === 1) return fitted;
  const ratio = next / view.scale;
  return { scale: next, x: cx - (cx - view.x) * ratio, y: cy - (cy - view.y) * ratio };
}

function centreOf(el: Element, clientX: number, clientY: number) {
  const box = el.getBoundingClientRect();
  return { cx: clientX - box.left - box.width / 2, cy: clientY - box.top - box.height / 2 };
}

/**
 * Zoom and pan for the viewer: the wheel zooms under the cursor, a drag pans a zoomed picture, two fingers pinch.
 * Handlers go on the frame; `style` on the picture. Pointer events cover mouse, pen and touch alike.
 */
export function useZoomPan() {
  const [view, setView] = useState<View>(fitted);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; view: View } | null>(null);
  const latest = useRef(view);
  useLayoutEffect(() => {
    latest.current = view;
  });


  const onWheel = useCallback((event: ReactWheelEvent<HTMLElement>) => {
    const { cx, cy } = centreOf(event.currentTarget, event.clientX, event.clientY);
    const factor = Math.exp(-event.deltaY * 0.0015);
    setView((v) => zoomAt(v, v.scale * factor, cx, cy));
  }, []);

  const onPointerDown = useCallback((event: ReactPointerEvent<HTMLElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      if (a && b) pinch.current = { distance: Math.hypot(a.x - b.x, a.y - b.y), view: latest.current };
    }
  }, []);

  const onPointerMove = useCallback((event: ReactPointerEvent<HTMLElement>) => {
    const last = pointers.current.get(event.pointerId);
    if (!last) return;
    const now = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, now);
    if (pointers.current.size >= 2 && pinch.current) {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const { cx, cy } = centreOf(event.currentTarget, (a.x + b.x) / 2, (a.y + b.y) / 2);
      const start = pinch.current;
      setView(zoomAt(start.view, (start.view.scale * Math.hypot(a.x - b.x, a.y - b.y)) / Math.max(start.distance, 1), cx, cy));
      return;
    }
    setView((v) => (v.scale > 1 ? { ...v, x: v.x + now.x - last.x, y: v.y + now.y - last.y } : v));
  }, []);

  const onPointerUp = useCallback((event: ReactPointerEvent<HTMLElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  }, []);

  const zoomIn = useCallback(() => setView((v) => zoomAt(v, v.scale * 1.5, 0, 0)), []);
  const zoomOut = useCallback(() => setView((v) => zoomAt(v, v.scale / 1.5, 0, 0)), []);
  const reset = useCallback(() => setView(fitted), []);
  /** Double-click (or double-tap) toggles between fitted and 2× under the pointer. */
  const toggleAt = useCallback((el: Element, clientX: number, clientY: number) => {
    const { cx, cy } = centreOf(el, clientX, clientY);
    setView((v) => (v.scale > 1 ? fitted : zoomAt(v, 2, cx, cy)));
  }, []);

  return {
    view,
    zoomIn,
    zoomOut,
    reset,
    toggleAt,
    handlers: { onWheel, onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp },
  };
}
