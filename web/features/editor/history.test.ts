import { describe, expect, it } from "vitest";
import { HISTORY_LIMIT, historyReducer, initialHistory } from "./history.ts";

describe("the editor's history", () => {
  it("undoes and redoes changes one step at a time; a new change drops the redo steps", () => {
    let h = initialHistory(0);
    h = historyReducer(h, { type: "change", update: () => 1 });
    h = historyReducer(h, { type: "change", update: () => 2 });
    h = historyReducer(h, { type: "undo" });
    expect(h.present).toBe(1);
    h = historyReducer(h, { type: "redo" });
    expect(h.present).toBe(2);
    h = historyReducer(h, { type: "undo" });
    h = historyReducer(h, { type: "change", update: () => 5 });
    expect(h).toMatchObject({ present: 5, past: [0, 1], future: [] });
    expect(historyReducer(initialHistory(0), { type: "undo" }).present).toBe(0);
  });

  it("merges a run of changes of one group into one step, and stops merging after an undo or a seal", () => {
    let h = initialHistory(0);
    for (const v of [1, 2, 3]) h = historyReducer(h, { type: "change", update: () => v, group: "slider" });
    expect(h.past).toEqual([0]);
    h = historyReducer(h, { type: "seal" });
    h = historyReducer(h, { type: "change", update: () => 4, group: "slider" });
    expect(h.past).toEqual([0, 3]);
    h = historyReducer(h, { type: "undo" });
    expect(h.present).toBe(3);
  });

  it("keeps a bounded number of steps and ignores changes that change nothing", () => {
    let h = initialHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 20; i++) h = historyReducer(h, { type: "change", update: () => i });
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    const same = historyReducer(h, { type: "change", update: (v) => v });
    expect(same).toBe(h);
  });
});
