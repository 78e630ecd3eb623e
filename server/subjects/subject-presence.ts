/** Why a mask holds no usable subject, or undefined when it does. */
export type NoSubjectReason = "too_little" | "too_much" | "scattered";

const GRID = 128;
/** Less confident foreground than this share of the photo is a speck, not a subject. */
const MIN_SHARE = 0.01;
/** More is the whole photo: a texture or a flat colour the model took for one big object. */
const MAX_SHARE = 0.92;
/** A subject is one piece: its largest connected part must hold this share of the foreground. */
const MIN_MAIN_PART = 0.6;

/**
 * Judged on the model's square mask shrunk to a 128² grid of cell means (cheap, and deaf to single-pixel noise):
 * confident cells are those at least half opaque.
 */
/** `square` is edge × edge, edge a multiple of GRID. */
export function judgeSubject(square: Uint8Array, edge: number): NoSubjectReason | undefined {
  const CELL = edge / GRID;
  const confident = new Uint8Array(GRID * GRID);
  let count = 0;
  for (let gy = 0; gy < GRID; gy++) {
    for (let gx = 0; gx < GRID; gx++) {
      let sum = 0;
      for (let y = gy * CELL; y < (gy + 1) * CELL; y++) {
        const row = y * edge;
        for (let x = gx * CELL; x < (gx + 1) * CELL; x++) sum += square[row + x] as number;
      }
      if (sum >= 128 * CELL * CELL) {
        confident[gy * GRID + gx] = 1;
        count++;
      }
    }
  }
  const share = count / (GRID * GRID);
  if (share < MIN_SHARE) return "too_little";
  if (share > MAX_SHARE) return "too_much";
  if (largestPart(confident) < MIN_MAIN_PART * count) return "scattered";
  return undefined;
}

/** Cells in the largest 8-connected part of the grid (iterative flood fill: no recursion depth to blow). */
function largestPart(cells: Uint8Array): number {
  const seen = new Uint8Array(cells.length);
  const stack = new Int32Array(cells.length);
  let largest = 0;
  for (let start = 0; start < cells.length; start++) {
    if (!cells[start] || seen[start]) continue;
    let size = 0;
    let depth = 0;
    stack[depth++] = start;
    seen[start] = 1;
    while (depth > 0) {
      const at = stack[--depth] as number;
      size++;
      const x = at % GRID;
      const y = (at - x) / GRID;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= GRID) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= GRID) continue;
          const next = ny * GRID + nx;
          if (cells[next] && !seen[next]) {
            seen[next] = 1;
            stack[depth++] = next;
          }
        }
      }
    }
    if (size > largest) largest = size;
  }
  return largest;
}
