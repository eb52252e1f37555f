// Files bundled with the server (`import path from "./x.webm" with { type: "file" }`): the import is the file's path.
declare module "*.webm" {
  const path: string;
  export default path;
}
