// The session: the user's connection (per user and device, never in the workbook) and the one client built
// from it. May import src/api and src/core (types aside).
export { Session, NO_KEY_MESSAGE, type WorkbookTarget } from "./session";
export {
  ConnectionStore,
  officeConnectionStore,
  memoryStorage,
  webStorage,
  type ConnectionSettings,
  type KeyValueStorage,
  type LoadedConnection,
} from "./connectionStore";
