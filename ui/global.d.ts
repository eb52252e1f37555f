// Stylesheets imported from TSX are bundled by Bun.build (scripts/build.ts).
declare module "*.css";

/**
 * The built area stylesheets' addresses, by area (ui/lib/area-styles.ts):
 * replaced by scripts/build.ts (Bun.build `define`) with the hashed names of
 * this build, e.g. { "lists": "/lists.1a2b3c4d.css", ... }.
 */
declare const __AREA_STYLES__: { readonly lists: string; readonly ordering: string; readonly centre: string; readonly activity: string; readonly modules: string; readonly market: string; readonly admin: string; readonly mailbox: string; readonly editing: string; readonly news: string; readonly homeEdit: string; readonly editor: string; readonly card: string; readonly checkin: string; readonly joining: string; readonly surveys: string };
