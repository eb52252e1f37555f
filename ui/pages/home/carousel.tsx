// The home banner carousel (spec 2 sections 2 and 9): one banner at a time,
// the next every 5,000 ms; it holds still while the pointer is over it or
// the keyboard is inside it, and a pause button stops it for good (WCAG
// 2.2.2). Arrows and dots change the banner; a banner opens its target.
import { useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { useSnapshot } from "valtio";
import type { ItemOf } from "../../../src/domains/api";
import { pick, useT } from "../../i18n";
import { session } from "../../state/session";
import { unescapeAngles } from "../../../src/protocol/identity";

export type CarouselBanner = ItemOf<"/banner/list">;

export const BANNER_INTERVAL_MS = 5000;

export function Carousel({ banners }: { banners: readonly CarouselBanner[] }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const root = useRef<HTMLElement>(null);
  const count = banners.length;
  const moving = count > 1 && !hovered && !focused && !stopped;

  // A new list (an editor changed the banners) starts again from its first banner.
  const ids = banners.map((b) => b.key).join(",");
  useEffect(() => setCurrent(0), [ids]);

  // A fresh interval after every change, so a banner chosen by hand gets its full five seconds.
  useEffect(() => {
    if (!moving) return;
    const timer = setTimeout(() => setCurrent((i) => (i + 1) % count), BANNER_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [moving, current, count]);

  if (count === 0) return null;
  const go = (i: number) => setCurrent((i + count) % count);

  return (
    <section
      ref={root}
      className="carousel"
      aria-roledescription="carousel"
      aria-label={t("home.carousel.label")}
      data-testid="carousel"
      data-current={current}
      data-moving={moving ? "true" : "false"}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="carousel-track" aria-live={moving ? "off" : "polite"}>
        {banners.map((b, i) => {
          const name = unescapeAngles(pick(language, b.nameZh, b.nameEn));
          const inside = (
            <>
              {b.face ? <img src={b.face} alt="" /> : null}
              <span className="carousel-caption">{name}</span>
            </>
          );
          const here = i === current;
          return (
            <div
              key={b.key}
              className={`carousel-slide${here ? " is-current" : ""}`}
              role="group"
              aria-roledescription="slide"
              aria-label={t("home.carousel.slide", { n: i + 1, count })}
              aria-hidden={here ? undefined : true}
              inert={!here}
              data-testid="carousel-slide"
            >
              {b.params?.web.path ? (
                <Link href={b.params.web.path} className="carousel-link" data-testid="banner-link">
                  {inside}
                </Link>
              ) : (
                <div className="carousel-link">{inside}</div>
              )}
            </div>
          );
        })}
      </div>
      {count > 1 ? (
        <div className="carousel-controls">
          <button type="button" className="carousel-arrow carousel-prev" aria-label={t("home.carousel.previous")} onClick={() => go(current - 1)}>
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
              <path d="M10 3L5 8l5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <button type="button" className="carousel-arrow carousel-next" aria-label={t("home.carousel.next")} onClick={() => go(current + 1)}>
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
              <path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <div className="carousel-dots">
            <button
              type="button"
              className="carousel-pause"
              aria-label={stopped ? t("home.carousel.play") : t("home.carousel.pause")}
              data-testid="carousel-pause"
              onClick={() => setStopped((s) => !s)}
            >
              <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
                {stopped ? <path d="M4 2.5v11l9-5.5z" fill="currentColor" /> : <path d="M4 2.5h3v11H4zM9 2.5h3v11H9z" fill="currentColor" />}
              </svg>
            </button>
            {banners.map((b, i) => (
              <button
                key={b.key}
                type="button"
                className="carousel-dot"
                aria-label={t("home.carousel.goTo", { n: i + 1 })}
                aria-current={i === current ? "true" : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </div>
      ) : null}
    </section>
  );
}
