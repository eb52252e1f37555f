// The layout editor's panel: a window beside the page (not modal: the page is
// what is edited) listing the page's elements with their visibility, and for
// the chosen one its place, size, layer and looks (the button's hover too).
import { useRef } from "react";
import { createPortal } from "react-dom";
import { useSnapshot } from "valtio";
import type { LayoutElement } from "../../../../src/protocol/layout";
import { useDrag } from "../../../components/use-drag";
import { useT } from "../../../i18n";
import { layoutEditing } from "../activity-layout";
import { entryOf, geometry, layer, place, setLook } from "./layout-draft";

const number = (value: string | undefined) => {
  const n = Number.parseFloat(value ?? "");
  return Number.isNaN(n) ? "" : String(n);
};

function NumberField({ id, label, value, onChange, min, max, step = 1, placeholder }: { id: string; label: string; value: string; onChange: (v: string) => void; min: number; max: number; step?: number; placeholder?: string }) {
  return (
    <label className="layout-field" htmlFor={id}>
      <span>{label}</span>
      <input id={id} className="input" type="number" inputMode="decimal" min={min} max={max} step={step} value={value} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

function ColorField({ id, label, value, onChange }: { id: string; label: string; value: string | undefined; onChange: (v: string) => void }) {
  const t = useT();
  return (
    <div className="layout-field">
      <label htmlFor={id}>{label}</label>
      <span className="layout-color">
        <input id={id} type="color" value={value && /^#[0-9a-f]{6}$/.test(value) ? value : "#000000"} onChange={(event) => onChange(event.target.value)} data-set={value ? "" : undefined} />
        {value ? (
          <button type="button" className="button button-quiet button-small" onClick={() => onChange("")} aria-label={`${label}: ${t("editor.layout.none")}`}>
            {t("editor.layout.none")}
          </button>
        ) : (
          <span className="muted">{t("editor.layout.none")}</span>
        )}
      </span>
    </div>
  );
}

function SelectField({ id, label, value, options, onChange }: { id: string; label: string; value: string | undefined; options: [string, string][]; onChange: (v: string) => void }) {
  const t = useT();
  return (
    <label className="layout-field" htmlFor={id}>
      <span>{label}</span>
      <select id={id} className="input" value={value ?? ""} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t("editor.layout.none")}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

export type PanelProps = { present: readonly LayoutElement[]; busy: boolean; onSave: () => void; onExit: () => void; onArrange: () => void };

export function LayoutPanel({ present, busy, onSave, onExit, onArrange }: PanelProps) {
  const t = useT();
  const snap = useSnapshot(layoutEditing);
  const panel = useRef<HTMLElement>(null);
  const { offset, handle } = useDrag(panel);
  const el = snap.selected;
  const name = (e: LayoutElement) => t(`editor.layout.elements.${e}`);
  const style = el ? (snap.draft?.[el]?.style ?? {}) : {};
  const hover = el ? (snap.draft?.[el]?.hover ?? {}) : {};
  const g = el ? geometry(el) : null;
  const pxOrClear = (property: string) => (v: string) => el && setLook(el, property, v === "" ? "" : `${Math.round(Number(v))}px`);
  const border = (width: string, color: string | undefined) => el && setLook(el, "border", width === "" || width === "0" ? "" : `${Math.round(Number(width))}px solid ${color ?? "#d0d5dd"}`);
  const [borderWidth, borderColor] = (style.border ?? "").split(" ").filter((_, i) => i !== 1);

  return createPortal(
    <aside ref={panel} className="layout-panel" aria-labelledby="layout-panel-title" style={{ translate: `${offset.x}px ${offset.y}px` }} data-testid="layout-panel">
      <header className="layout-panel-head" {...handle}>
        <h2 id="layout-panel-title">{t("editor.layout.panel")}</h2>
      </header>
      <div className="layout-panel-body">
        <p className="muted layout-intro">{t("editor.layout.intro")}</p>
        <ul className="layout-elements" aria-label={t("editor.layout.element")}>
          {present.map((e) => (
            <li key={e} className={snap.selected === e ? "is-selected" : undefined}>
              <button type="button" className="layout-pick" aria-pressed={snap.selected === e} onClick={() => (layoutEditing.selected = e)} data-testid={`layout-pick-${e}`}>
                {name(e)}
              </button>
              <input
                type="checkbox"
                checked={snap.draft?.[e]?.visible ?? true}
                onChange={(event) => (entryOf(e).visible = event.target.checked)}
                aria-label={`${t("editor.layout.visible")}: ${name(e)}`}
                data-testid={`layout-visible-${e}`}
              />
            </li>
          ))}
        </ul>
        {el && g ? (
          <section className="layout-chosen" aria-label={name(el)}>
            <h3>{name(el)}</h3>
            <fieldset>
              <legend>{t("editor.layout.place")}</legend>
              <div className="layout-fields">
                <NumberField id="layout-left" label={t("editor.layout.left")} value={String(g.left)} min={0} max={1160} onChange={(v) => place(el, { left: Number(v) })} />
                <NumberField id="layout-top" label={t("editor.layout.top")} value={String(g.top)} min={0} max={6000} onChange={(v) => place(el, { top: Number(v) })} />
                <NumberField id="layout-width" label={t("editor.layout.width")} value={String(g.width)} min={10} max={1160} onChange={(v) => place(el, { width: Number(v) })} />
                <NumberField id="layout-height" label={t("editor.layout.height")} placeholder={t("editor.layout.auto")} value={g.height === null ? "" : String(g.height)} min={10} max={6000} onChange={(v) => place(el, { height: v === "" ? null : Number(v) })} />
              </div>
              <div className="layout-layer">
                <span data-testid="layout-layer">{t("editor.layout.layer", { z: g.zIndex })}</span>
                <button type="button" className="button button-quiet button-small" onClick={() => layer(el, 1)} data-testid="layout-up">
                  {t("editor.layout.up")}
                </button>
                <button type="button" className="button button-quiet button-small" onClick={() => layer(el, -1)} data-testid="layout-down">
                  {t("editor.layout.down")}
                </button>
              </div>
            </fieldset>
            <fieldset>
              <legend>{t("editor.layout.looks")}</legend>
              <div className="layout-fields">
                <ColorField id="layout-color" label={t("editor.layout.color")} value={style.color} onChange={(v) => setLook(el, "color", v)} />
                <ColorField id="layout-background" label={t("editor.layout.background")} value={style["background-color"]} onChange={(v) => setLook(el, "background-color", v)} />
                <NumberField id="layout-font-size" label={t("editor.layout.fontSize")} value={number(style["font-size"])} min={8} max={96} onChange={pxOrClear("font-size")} />
                <SelectField id="layout-font-weight" label={t("editor.layout.fontWeight")} value={style["font-weight"]} options={[["400", t("editor.layout.normal")], ["700", t("editor.layout.bold")]]} onChange={(v) => setLook(el, "font-weight", v)} />
                <SelectField id="layout-text-align" label={t("editor.layout.textAlign")} value={style["text-align"]} options={[["left", t("editor.layout.left_")], ["center", t("editor.layout.center")], ["right", t("editor.layout.right")]]} onChange={(v) => setLook(el, "text-align", v)} />
                <NumberField id="layout-radius" label={t("editor.layout.radius")} value={number(style["border-radius"])} min={0} max={600} onChange={pxOrClear("border-radius")} />
                <NumberField id="layout-padding" label={t("editor.layout.padding")} value={number(style.padding)} min={0} max={48} onChange={pxOrClear("padding")} />
                <NumberField id="layout-opacity" label={t("editor.layout.opacity")} value={style.opacity ?? ""} min={0} max={1} step={0.05} onChange={(v) => setLook(el, "opacity", v === "" ? "" : String(Math.min(1, Math.max(0, Number(v)))))} />
                <NumberField id="layout-border" label={t("editor.layout.border")} value={number(borderWidth)} min={0} max={10} onChange={(v) => border(v, borderColor)} />
                <ColorField id="layout-border-color" label={t("editor.layout.borderColor")} value={borderColor} onChange={(v) => border(number(borderWidth) || "1", v || undefined)} />
              </div>
            </fieldset>
            {el === "button" ? (
              <fieldset>
                <legend>{t("editor.layout.hover")}</legend>
                <div className="layout-fields">
                  <ColorField id="layout-hover-color" label={t("editor.layout.color")} value={hover.color} onChange={(v) => setLook(el, "color", v, true)} />
                  <ColorField id="layout-hover-background" label={t("editor.layout.background")} value={hover["background-color"]} onChange={(v) => setLook(el, "background-color", v, true)} />
                </div>
              </fieldset>
            ) : null}
          </section>
        ) : null}
      </div>
      <footer className="layout-panel-foot">
        <button type="button" className="button button-quiet" onClick={onArrange} data-testid="layout-arrange">
          {t("editor.layout.arrange")}
        </button>
        <button type="button" className="button button-quiet" onClick={onExit} data-testid="layout-exit">
          {t("editor.layout.exit")}
        </button>
        <button type="button" className="button button-primary" onClick={onSave} disabled={busy} data-testid="layout-save">
          {t("editor.layout.save")}
        </button>
      </footer>
    </aside>,
    document.body,
  );
}
