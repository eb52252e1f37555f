// Drags a window by a handle with pointer events: pointer capture keeps the
// drag when the pointer outruns the handle, and the window stays on screen.
import { type PointerEvent, type RefObject, useCallback, useRef, useState } from "react";

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), Math.max(low, high));

export function useDrag(target: RefObject<HTMLElement | null>) {
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const start = useRef<{ px: number; py: number; ox: number; oy: number; rect: DOMRect } | null>(null);

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      // Buttons in the title bar (the close cross) keep their own click.
      if (event.button !== 0 || (event.target as HTMLElement).closest("button") || !target.current) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      start.current = { px: event.clientX, py: event.clientY, ox: offset.x, oy: offset.y, rect: target.current.getBoundingClientRect() };
    },
    [offset, target],
  );

  const onPointerMove = useCallback((event: PointerEvent<HTMLElement>) => {
    const s = start.current;
    if (!s) return;
    const dx = clamp(event.clientX - s.px, -s.rect.left, window.innerWidth - s.rect.right);
    const dy = clamp(event.clientY - s.py, -s.rect.top, window.innerHeight - s.rect.bottom);
    setOffset({ x: s.ox + dx, y: s.oy + dy });
  }, []);

  const onPointerEnd = useCallback((event: PointerEvent<HTMLElement>) => {
    if (!start.current) return;
    start.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
  }, []);

  return { offset, handle: { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd } };
}
