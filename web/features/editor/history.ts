/**
 * Undo and redo over editor documents. A change with the same `group` as the one before it (one slider drag, one
 * run of typing in a field) replaces it instead of piling up steps, so one undo takes back one gesture.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** The group of the last change, while it may still be merged with the next. */
  group: string | null;
}

export type HistoryAction<T> =
  | { type: "change"; update: (present: T) => T; group?: string | undefined }
  | { type: "undo" }
  | { type: "redo" }
  | { type: "reset"; present: T }
  /** Ends the current group: the next change is its own step even with the same group. */
  | { type: "seal" };

/** Steps kept: enough for a session, bounded so a long one does not grow without end. */
export const HISTORY_LIMIT = 100;

export function initialHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], group: null };
}

export function historyReducer<T>(state: History<T>, action: HistoryAction<T>): History<T> {
  switch (action.type) {
    case "change": {
      const next = action.update(state.present);
      if (next === state.present) return state;
      const merge = action.group !== undefined && action.group === state.group;
      const past = merge ? state.past : [...state.past, state.present].slice(-HISTORY_LIMIT);
      return { past, present: next, future: [], group: action.group ?? null };
    }
    case "undo": {
      const previous = state.past.at(-1);
      if (previous === undefined) return state;
      return { past: state.past.slice(0, -1), present: previous, future: [state.present, ...state.future], group: null };
    }
    case "redo": {
      const [next, ...rest] = state.future;
      if (next === undefined) return state;
      return { past: [...state.past, state.present], present: next, future: rest, group: null };
    }
    case "reset":
      return initialHistory(action.present);
    case "seal":
      return state.group === null ? state : { ...state, group: null };
  }
}
