// The session: the user's connection (per user and device, never in the workbook), the one client built
// from it, and what the pane is told of refreshes run anywhere. May import src/api and src/core (types aside).
export { Session, NO_KEY_MESSAGE, type WorkbookTarget } from "./session";
export { RefreshLog, refreshAllReport, type RefreshAllReport } from "./refreshLog";
export {
  /**
   * @public A seam: a Session's store on a storage of the caller's (the preview's localStorage; memory, the
   * default, for the bench and each test), where officeConnectionStore picks Office's.
   */
  ConnectionStore,
  officeConnectionStore,
  type ConnectionSettings,
  type KeyValueStorage,
  type LoadedConnection,
} from "./connectionStore";
