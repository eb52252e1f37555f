// The property as the staff pages read it (/property/all), shared by the page and its dialogs.
import type { ItemOf } from "../../../src/domains/api";

export type AdminProperty = ItemOf<"/property/all">;
