// The activity index (/activity: modules by year, newest first) and a
// module's page (/activity/module?id=: its activity tiles, a team being one
// tile under its own cover and name). Spec 2 section 2. The activity page
// itself is ./activity-page.tsx; all three load as one chunk. Staff get the
// module tools (./module-tools.tsx): the 'new module' tile on the index, and
// on a module page its tools and the 'new activity' tile.
import { useState } from "react";
import { Link, useSearch } from "wouter";
import { useSnapshot } from "valtio";
import type { AnswerOf, ItemOf } from "../../../src/domains/api";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { PageHead } from "../../components/breadcrumb";
import { eventRange } from "../../components/add-to-calendar";
import { pick, useT } from "../../i18n";
import { chinaYear, formatChinaDate } from "../../lib/china-time";
import { formatMoney, formatPoints } from "../../lib/format";
import { useLoaded } from "../../lib/use-loaded";
import { useKept } from "../../lib/kept-call";
import { StaleNote } from "../../components/stale-note";
import { hasPower, session } from "../../state/session";
import { NothingHere } from "./activity-article";
import { ActivityTiles, type Tile } from "./activity-tiles";
import { ModuleTools, NewActivityTile, NewModuleTile } from "./module-tools";

export { ActivityPage } from "./activity-page";

type ModuleRow = ItemOf<"/activity/module/list">;

const MARKET_MODEL = 1302;

const moduleHref = (m: Pick<ModuleRow, "id" | "model">) => (m.model.id === MARKET_MODEL ? `/market?id=${m.id}` : `/activity/module?id=${m.id}`);

export function ActivityIndexPage() {
  const t = useT();
  const { language } = useSnapshot(session);
  const [version, setVersion] = useState(0);
  // Kept for offline and shown stale there, without the staff's tools (docs/decisions.md 99).
  const { value: modules, asOf, missing } = useKept("activityModules", "/activity/module/list", {}, (answer) => (isSuccess(answer) && answer.list ? answer.list : false), [version]);
  const stale = asOf !== null || missing;

  const years = new Map<number, ModuleRow[]>();
  for (const m of modules || []) years.set(m.year, [...(years.get(m.year) ?? []), m]);
  // Spec 2 section 2: the 'new module' tile is in the first year group, or in the current (China) year's when there are no modules.
  const groups = modules && years.size === 0 ? new Map([[chinaYear(), [] as ModuleRow[]]]) : years;
  const newModule = (year: number) => (stale ? null : <NewModuleTile year={year} onSaved={() => setVersion((v) => v + 1)} />);

  return (
    <>
      <PageHead title={t("page.activityIndex")} />
      <StaleNote asOf={asOf} missing={missing} />
      {/* Issue 32 item 4: the way to the surveys and votes, for the officers who run them (their page is in this area). */}
      {!stale && hasPower("FUNCTION_SURVEY_EDIT") ? (
        <div className="module-tools">
          <Link href="/activity/surveys" className="button button-quiet" data-testid="open-surveys">
            {t("page.surveyAdmin")}
          </Link>
        </div>
      ) : null}
      {modules === null ? <div className="tiles-loading" aria-busy="true" /> : null}
      {modules !== null && !missing && years.size === 0 ? <p className="panel empty-note">{t("activity.noModules")}</p> : null}
      {[...groups.entries()].map(([year, list], at) => (
        <section key={year} className="year-group" aria-labelledby={`year-${year}`}>
          <h2 id={`year-${year}`} className="section-title">
            {t("activity.yearGroup", { year })}
          </h2>
          <ul className="module-tiles">
            {list.map((m) => (
              <li key={m.id}>
                <Link href={moduleHref(m)} className="module-tile" data-testid="module-tile">
                  {m.face ? <img src={m.face} alt="" width={88} height={88} /> : <span className="module-icon" aria-hidden="true" />}
                  <span className="module-name">{pick(language, m.nameZh, m.nameEn)}</span>
                </Link>
              </li>
            ))}
            {at === 0 ? newModule(year) : null}
          </ul>
        </section>
      ))}
    </>
  );
}

/** What a tile says under its name: when and where it takes place, the sign-up dates (China time), and the price or points when there are any. */
function TileFacts({ tile }: { tile: Tile }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const place = pick(language, tile.placeZh, tile.placeEn);
  return (
    <span className="tile-facts">
      {tile.eventStart && tile.eventEnd ? (
        <span className="tile-event" data-testid="tile-event">
          {t("activity.eventWhen")} {eventRange(tile.eventStart, tile.eventEnd)}
          {place ? ` · ${place}` : ""}
        </span>
      ) : null}
      {tile.signStart ? (
        <span className="tile-dates">
          <span>{formatChinaDate(tile.signStart)}</span>
          {tile.signEnd ? <span> – {formatChinaDate(tile.signEnd)}</span> : null}
        </span>
      ) : null}
      {tile.price > 0 ? <span className="tile-price">¥{formatMoney(tile.price)}</span> : tile.integral > 0 ? <span className="tile-price">{t("activity.points")} {formatPoints(tile.integral)}</span> : null}
    </span>
  );
}

export function ModulePage() {
  const t = useT();
  const { language } = useSnapshot(session);
  const id = Number(new URLSearchParams(useSearch()).get("id"));
  const [version, setVersion] = useState(0);
  const valid = Number.isInteger(id) && id > 0;
  // Kept for offline like the index (docs/decisions.md 99).
  const { value: data, asOf, missing } = useKept(
    "activityList",
    "/activity/list",
    { module: valid ? id : 0 },
    (answer) => (valid && isSuccess(answer) && answer.module ? (answer as AnswerOf<"/activity/list">) : false),
    [id, version],
  );
  const stale = asOf !== null || missing;

  if (missing) return (
    <>
      <PageHead title={t("page.activityModule")} trail={[{ label: t("page.activityIndex"), href: "/activity" }]} />
      <StaleNote asOf={null} missing />
    </>
  );
  if (data === false) return <NothingHere title={t("page.activityModule")} trail={[{ label: t("page.activityIndex"), href: "/activity" }]} text={t("activity.moduleMissing")} />;
  const title = data ? pick(language, data.module.nameZh, data.module.nameEn) : t("page.activityModule");
  return (
    <>
      <PageHead title={title} trail={[{ label: t("page.activityIndex"), href: "/activity" }, { label: title }]} />
      <StaleNote asOf={asOf} missing={false} />
      {data && !stale ? <ModuleTools module={data.module} hasActivities={data.list.length > 0} onChanged={() => setVersion((v) => v + 1)} /> : null}
      {data === null ? <div className="tiles-loading" aria-busy="true" /> : null}
      {/* An editor who may create activities sees the 'new activity' tile instead. */}
      {data && data.list.length === 0 && !hasPower("FUNCTION_ACTIVITY_CREATE") ? <p className="panel empty-note">{t("activity.noActivities")}</p> : null}
      {data ? (
        <ActivityTiles tiles={data.list} infoPath="/activity/info" testId="activity-tile" facts={(tile) => <TileFacts tile={tile} />}>
          {stale ? null : <NewActivityTile moduleId={data.module.id} />}
        </ActivityTiles>
      ) : null}
    </>
  );
}
