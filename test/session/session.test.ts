// The session builds the one client from the saved connection; a saved connection it cannot build one from
// (a URL the client refuses) gives no client and says why, so nothing calls client() on it and the pane
// shows the reason on its status line.
import { mapStorage } from "../support/storage";
import { ConnectionStore, NO_KEY_MESSAGE, Session } from "../../src/session";

describe("a saved connection no client can be built from", () => {
  test("no client, hasKey false, and the load problem says why without the key", async () => {
    const storage = mapStorage();
    const saved = { baseUrl: "http://sales.example.com", apiKey: "key-5678" };
    await storage.setItem("SalesData.connection", JSON.stringify(saved));
    const session = new Session(new ConnectionStore(storage));
    const heard: unknown[] = [];
    session.onChange((s) => heard.push(s));
    await session.ready();
    expect(session.connection()).toEqual(saved); // kept, so the pane shows what was saved
    expect(session.hasKey()).toBe(false);
    expect(() => session.client()).toThrow(NO_KEY_MESSAGE);
    expect(session.loadProblem()).toBe(
      "The connection saved on this device was not used. The Service URL must start with https:// (http:// is allowed only for localhost and 127.0.0.1).",
    );
    expect(session.loadProblem()).not.toContain("key-5678");
    expect(heard).toEqual([saved]); // the pane hears of it, and reads the problem then
    await session.save({ baseUrl: "https://sales.example.com", apiKey: "key-5678" });
    expect(session.hasKey()).toBe(true);
    expect(session.loadProblem()).toBeUndefined();
  });

  test("a key of spaces is no key: no client and no problem", async () => {
    const storage = mapStorage();
    await storage.setItem("SalesData.connection", JSON.stringify({ baseUrl: "https://x.example", apiKey: "  " }));
    const session = new Session(new ConnectionStore(storage));
    await session.ready();
    expect(session.hasKey()).toBe(false);
    expect(session.loadProblem()).toBeUndefined();
  });
});
