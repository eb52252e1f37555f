// Province > city > district > street, each level loaded from /address/find
// when its parent is chosen. Native selects: the keyboard, screen readers and a
// phone's own wheel all work with them without extra code.
import { useSnapshot } from "valtio";
import { isSuccess } from "../../src/protocol/result";
import { api } from "../api";
import { pick, useT } from "../i18n";
import { session } from "../state/session";
import { useLoader } from "../lib/use-loaded";

export type Region = { id: string; name: string; nameEn: string };
/** The chosen region of each level, province first; null where nothing is chosen yet. */
export type RegionChain = [Region | null, Region | null, Region | null, Region | null];

export const EMPTY_CHAIN: RegionChain = [null, null, null, null];

/** The region levels as people read them, largest first, in the language shown. */
export const regionText = (language: "zh" | "en", regions: readonly (Pick<Region, "name" | "nameEn"> | null | undefined)[]) =>
  regions.map((r) => pick(language, r?.name, r?.nameEn)).join(language === "en" ? ", " : " ");
const LEVELS = ["province", "city", "district", "street"] as const;

// Region lists never change while the page is open: one request per parent.
const cache = new Map<string, Promise<Region[] | null>>();

function childrenOf(parent: string | null): Promise<Region[] | null> {
  const key = parent ?? "";
  let hit = cache.get(key);
  if (!hit) {
    hit = api.call("/address/find", parent ? { id: parent } : {}).then((answer) => {
      if (isSuccess(answer) && answer.list) return answer.list.map((r) => ({ ...r, id: String(r.id) }));
      cache.delete(key); // a failure is not remembered: the next try asks again
      return null;
    });
    cache.set(key, hit);
  }
  return hit;
}

export const isCompleteChain = (chain: RegionChain): boolean => chain.every((r) => r !== null);

export type RegionPickerProps = {
  value: RegionChain;
  onChange: (chain: RegionChain) => void;
  /** Prefix of the selects' ids; the first one is `${id}-0`, for a <label htmlFor>. */
  id: string;
  invalid?: boolean;
  describedBy?: string;
};

export function RegionPicker({ value, onChange, id, invalid, describedBy }: RegionPickerProps) {
  const t = useT();
  const { language } = useSnapshot(session);
  const parents = [null, value[0]?.id ?? null, value[1]?.id ?? null, value[2]?.id ?? null];
  // lists[n] holds the choices of level n: the children of value[n - 1]. The lists shown stay until the next are in.
  const loaded = useLoader(
    async () => {
      const next = await Promise.all(parents.map((parent, level) => (level === 0 || parent ? childrenOf(parent) : Promise.resolve([]))));
      return { lists: next.map((list, level) => (level === 0 || parents[level] ? list : null)), failed: next.some((list) => list === null) };
    },
    parents,
    { keep: true },
  );
  const { lists, failed } = loaded.value || { lists: [null, null, null, null], failed: false };

  const choose = (level: number, regionId: string) => {
    const region = lists[level]?.find((r) => r.id === regionId) ?? null;
    const chain = [...value] as RegionChain;
    chain[level] = region;
    // A new parent makes the levels under it meaningless.
    for (let below = level + 1; below < 4; below++) chain[below] = null;
    onChange(chain);
  };

  const label = (r: Region) => pick(language, r.name, r.nameEn);

  return (
    <div className="region-picker" role="group" aria-label={t("address.region")} aria-describedby={describedBy}>
      {LEVELS.map((level, n) => {
        const list = lists[n];
        const waiting = n > 0 && !value[n - 1];
        const chosen = value[n];
        return (
          <select
            key={level}
            id={`${id}-${n}`}
            className={`input region-select${invalid && !chosen ? " input-invalid" : ""}`}
            aria-label={t(`address.levels.${level}`)}
            aria-invalid={invalid && !chosen ? true : undefined}
            data-level={n}
            disabled={waiting || !list}
            value={chosen?.id ?? ""}
            onChange={(event) => choose(n, event.target.value)}
          >
            <option value="" disabled>
              {!waiting && !list ? t("address.levels.loading") : t(`address.levels.${level}`)}
            </option>
            {/* The saved region stays shown while its siblings are on their way. */}
            {chosen && !list?.some((r) => r.id === chosen.id) ? <option value={chosen.id}>{label(chosen)}</option> : null}
            {list?.map((r) => (
              <option key={r.id} value={r.id}>
                {label(r)}
              </option>
            ))}
          </select>
        );
      })}
      {failed ? (
        <p className="field-error region-failed" role="alert">
          {t("address.levels.failed")}{" "}
          <button type="button" className="link-button" onClick={loaded.reload}>
            {t("common.retry")}
          </button>
        </p>
      ) : null}
    </div>
  );
}
