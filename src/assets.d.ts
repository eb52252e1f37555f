// Files bundled with the server (`import path from "./x.webm" with { type: "file" }`): the import is the file's path;
// `with { type: "text" }` (the operator's guide) gives the text.
declare module "*.webm" {
  const path: string;
  export default path;
}
declare module "*.wasm" {
  const path: string;
  export default path;
}
declare module "*.data" {
  const path: string;
  export default path;
}
declare module "*.md" {
  const text: string;
  export default text;
}
declare module "*.ttf" {
  const path: string;
  export default path;
}
