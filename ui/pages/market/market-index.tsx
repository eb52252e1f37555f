// A market module's page (/market?id=, spec 2 section 2 "Market module
// page"): breadcrumb, title, points balance and trolley entry, the category
// bar (All plus the module's categories; an editor with
// FUNCTION_ACTIVITY_CREATE adds one in a pop-up and deletes one by its
// cross), and the grid of items (a team is one tile under its own cover and
// name). Module editors get the module tools (../activity/module-tools.tsx):
// edit and delete module, its orders, the home zone links, the 'new item' tile.
import { useState } from "react";
import { useSearch } from "wouter";
import { useSnapshot } from "valtio";
import type { AnswerOf, ItemOf } from "../../../src/domains/api";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { PageHead } from "../../components/breadcrumb";
import { FormDialog, useFormDialog } from "../../components/form-dialog";
import { confirm, showMessage } from "../../components/message-box";
import { pick, resultText, useT } from "../../i18n";
import { formatMoney, formatPoints } from "../../lib/format";
import { session } from "../../state/session";
import { useLoaded } from "../../lib/use-loaded";
import { NothingHere } from "../activity/activity-article";
import { ActivityTiles, type Tile } from "../activity/activity-tiles";
import { ModuleTools, NewActivityTile } from "../activity/module-tools";
import { MarketBar, useCartCount, usePoints } from "./market-bar";

type Category = ItemOf<"/activity/module/sort/list">;

/** Spec 2 section 9: a category name has 1-10 characters. */
const NAME_MAX = 10;

/** The text of a refused category call: the spec's text for the name, a refresh for a missing module or category. */
function categoryRefusal(t: ReturnType<typeof useT>, message: Parameters<typeof resultText>[1]) {
  const field = message?.code === "ERROR_PARAMS" ? message.params?.field : undefined;
  if (field === "name") return t("market.categoryTooLong");
  if (field === "module") return t("market.categoryModule");
  if (field === "id") return t("market.categoryMissing");
  return resultText(t, message);
}

function NewCategory({ module, onClose, onSaved }: { module: number; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const editor = useFormDialog<{ name: string }, "name">({
    id: "category",
    fields: ["name"],
    initial: () => ({ name: "" }),
    validate: ({ name }) => {
      const length = [...name.trim()].length;
      return length < 1 || length > NAME_MAX ? { name: "market.categoryTooLong" } : {};
    },
    send: ({ name }) => api.call("/activity/module/sort/save", { name: name.trim(), module }),
    accepted: async () => {
      await showMessage(t("market.saved"));
      onSaved();
    },
    // The name refused is said under it; a missing module or category in a message box.
    refused: (message) => (message.code === "ERROR_PARAMS" && message.params?.field === "name" ? { field: "name", error: "market.categoryTooLong" } : { text: categoryRefusal(t, message) }),
  });
  const { form, errors, update, described } = editor;
  return (
    <FormDialog editor={editor} title={t("market.newCategory")} saveLabel={t("market.save")} saveTestId="category-save" onClose={onClose} width={420} className="category-form">
      <div className="field">
        <label htmlFor="category-name">{t("market.categoryName")}</label>
        <input
          id="category-name"
          className={editor.inputClass("name")}
          value={form.name}
          onChange={(e) => update({ name: e.target.value })}
          {...described("name", errors.name ? undefined : "category-name-hint")}
          data-autofocus
          data-testid="category-name"
        />
        {/* One line under the field: the hint, or the error in its place. */}
        {errors.name ? (
          <p id="category-name-error" className="field-error" role="alert" data-testid="category-note">
            {t(errors.name)}
          </p>
        ) : (
          <p id="category-name-hint" className="field-hint" data-testid="category-note">
            {t("market.categoryHint")}
          </p>
        )}
      </div>
    </FormDialog>
  );
}

function CategoryBar({ module, categories, chosen, onChoose, editor, onChanged }: { module: number; categories: readonly Category[]; chosen: number | null; onChoose: (id: number | null) => void; editor: boolean; onChanged: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [adding, setAdding] = useState(false);
  const remove = async (c: Category) => {
    const name = pick(language, c.nameZh, c.nameEn);
    if (!(await confirm(t("market.confirmDelete", { name })))) return;
    const answer = await api.call("/activity/module/sort/delete", { id: c.id });
    if (!isSuccess(answer)) await showMessage(categoryRefusal(t, answer.message));
    else await showMessage(t("market.deleted"));
    if (chosen === c.id) onChoose(null);
    onChanged();
  };
  return (
    <nav className="category-bar" aria-label={t("market.categories")}>
      <ul>
        <li>
          <button type="button" className={`category${chosen === null ? " is-chosen" : ""}`} aria-pressed={chosen === null} onClick={() => onChoose(null)} data-testid="category">
            {t("market.all")}
          </button>
        </li>
        {categories.map((c) => {
          const name = pick(language, c.nameZh, c.nameEn);
          return (
            <li key={c.id} className="category-item">
              <button type="button" className={`category${chosen === c.id ? " is-chosen" : ""}`} aria-pressed={chosen === c.id} onClick={() => onChoose(c.id)} data-testid="category">
                {name}
              </button>
              {editor ? (
                <button type="button" className="category-delete" aria-label={t("market.deleteCategory", { name })} onClick={() => void remove(c)} data-testid="category-delete">
                  ×
                </button>
              ) : null}
            </li>
          );
        })}
        {editor ? (
          <li>
            <button type="button" className="category category-new" onClick={() => setAdding(true)} data-testid="category-new">
              + {t("market.newCategory")}
            </button>
          </li>
        ) : null}
      </ul>
      {adding ? (
        <NewCategory
          module={module}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            onChanged();
          }}
        />
      ) : null}
    </nav>
  );
}

/** Under a tile's name: the price, and the points cost of a points-only item without a team (spec 2 section 2); a sold-out item says so. */
function TileFacts({ tile }: { tile: Tile }) {
  const t = useT();
  const soldOut = tile.soldOut ? (
    <span className="tile-sold-out" data-testid="sold-out">
      {t("market.soldOut")}
    </span>
  ) : null;
  if (!tile.team && tile.price === 0 && tile.integral > 0)
    return (
      <span className="tile-facts">
        <span className="tile-price">{t("market.pointsCost", { points: formatPoints(tile.integral) })}</span>
        {soldOut}
      </span>
    );
  if (tile.price <= 0) return soldOut;
  return (
    <span className="tile-facts">
      <span className="tile-price">¥{formatMoney(tile.price)}</span>
      {soldOut}
    </span>
  );
}

export function MarketIndexPage() {
  const t = useT();
  const { language, user } = useSnapshot(session);
  const id = Number(new URLSearchParams(useSearch()).get("id"));
  const [count] = useCartCount();
  const points = usePoints();
  const [chosen, setChosen] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  // Bumped by the module tools (a home zone set): the module is read again, not the categories.
  const [moduleVersion, setModuleVersion] = useState(0);
  const editor = !!user?.status?.powers?.some((p) => p.code === "FUNCTION_ACTIVITY_CREATE");
  const data = useLoaded<AnswerOf<"/activity/list">>(async () => {
    if (!Number.isInteger(id) || id <= 0) return false;
    const answer = await api.call("/activity/list", { module: id });
    return isSuccess(answer) && answer.module ? (answer as AnswerOf<"/activity/list">) : false;
  }, [id, moduleVersion]);
  const categories = useLoaded<readonly Category[]>(async () => {
    if (!Number.isInteger(id) || id <= 0) return false;
    const answer = await api.call("/activity/module/sort/list", { module: id });
    return isSuccess(answer) && answer.list ? answer.list : false;
  }, [id, version]);

  if (data === false) return <NothingHere title={t("page.marketIndex")} text={t("market.moduleMissing")} />;
  const title = data ? pick(language, data.module.nameZh, data.module.nameEn) : t("page.marketIndex");
  const shown = data ? data.list.filter((tile) => chosen === null || tile.category === chosen) : [];
  return (
    <>
      <PageHead title={title} />
      <MarketBar count={count} points={points} />
      {data ? <ModuleTools module={data.module} hasActivities={data.list.length > 0} onChanged={() => setModuleVersion((n) => n + 1)} /> : null}
      <CategoryBar module={id} categories={categories || []} chosen={chosen} onChoose={setChosen} editor={editor} onChanged={() => setVersion((n) => n + 1)} />
      {data === null ? <div className="tiles-loading" aria-busy="true" /> : null}
      {data && shown.length === 0 ? <p className="panel empty-note">{t("market.empty")}</p> : null}
      {data ? (
        <ActivityTiles tiles={shown} infoPath="/market/info" testId="market-tile" className="market-tiles" facts={(tile) => <TileFacts tile={tile} />}>
          <NewActivityTile moduleId={data.module.id} infoPath="/market/info" />
        </ActivityTiles>
      ) : null}
    </>
  );
}
