// Entry of a page worker thread: the service's modules are TypeScript, loaded through tsx
// as `npm start` loads them; a worker does not inherit the loader, so it registers it here.
import { register } from "tsx/esm/api";

register();
await import("./worker.ts");
