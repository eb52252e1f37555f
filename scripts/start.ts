// `npm start`: build the UI, then run the server (which serves dist/ui).
import { buildUi } from "./build";

await buildUi();
await import("../src/main.ts");
