// The session: the user's connection (per user and device, never in the workbook), the one client built
// from it, and what the pane is told of refreshes run anywhere. May import src/api and src/core (types aside).
export { Session, NO_KEY_MESSAGE, type WorkbookTarget } from "./session";
export { RefreshLog, refreshAllReport, type RefreshAllReport } from "./refreshLog";
export {
  /** @public a Session's store on any storage: the preview's, each test's own */
  ConnectionStore,
  officeConnectionStore,
  /** @public */
  memoryStorage,
  /** @public */
  webStorage,
  type ConnectionSettings,
  type KeyValueStorage,
  type LoadedConnection,
} from "./connectionStore";
