import { strict as assert } from "node:assert";
test("smoke", () => { assert.equal(1 + 1, 2); });
