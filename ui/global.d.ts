// Stylesheets imported from TSX are bundled by Bun.build (scripts/build.ts).
declare module "*.css";
