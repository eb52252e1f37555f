// The grid of activity tiles, on an activity module's page and a market
// module's page alike: each tile its cover, its name and a line of facts
// (what the area shows there), linking to the activity's or the item's page.
// A team is one tile under its own cover and name. Styled by ./activity.css.
import type { ReactNode } from "react";
import { Link } from "wouter";
import { useSnapshot } from "valtio";
import type { ItemOf } from "../../../src/domains/api";
import { pick } from "../../i18n";
import { session } from "../../state/session";
import { StateTag } from "./state-tag";

export type Tile = ItemOf<"/activity/list">;

export type ActivityTilesProps = {
  tiles: readonly Tile[];
  /** The page a tile opens: /activity/info or /market/info. */
  infoPath: string;
  /** data-testid of each tile's link. */
  testId: string;
  /** The grid's class beside activity-tiles, for an area's own layout. */
  className?: string;
  /** What a tile says under its name. */
  facts: (tile: Tile) => ReactNode;
  /** Tiles after the list (the 'new activity' tile). */
  children?: ReactNode;
};

export function ActivityTiles({ tiles, infoPath, testId, className, facts, children }: ActivityTilesProps) {
  const { language } = useSnapshot(session);
  return (
    <ul className={["activity-tiles", className].filter(Boolean).join(" ")}>
      {tiles.map((tile) => (
        <li key={tile.id}>
          <Link href={`${infoPath}?id=${tile.id}`} className="activity-tile" data-testid={testId}>
            <span className="tile-cover">{tile.face ? <img src={tile.face} alt="" /> : null}</span>
            <span className="tile-body">
              <span className="tile-name">
                {pick(language, tile.nameZh, tile.nameEn)} <StateTag state={tile.state.id} />
              </span>
              {facts(tile)}
            </span>
          </Link>
        </li>
      ))}
      {children}
    </ul>
  );
}
