import type { Rng } from './rng';
import type { SearchState } from './search-state';

/**
 * Soft improvement: once no hard violation is left, simulated annealing on the soft cost (a random
 * unit to a random start, or swapped with a partner of its class), never letting a hard violation
 * back in. Draws from the search's one random stream.
 */
export class Improvement {
  readonly rng: Rng;
  /** The annealing temperature: cools each step, starts again at 1 below 0.02 (at 2 on `reheat`). */
  private temp = 2;

  constructor(readonly state: SearchState) {
    this.rng = state.rng;
  }

  /** After a long time with no better timetable: back to the first temperature. */
  reheat(): void {
    this.temp = 2;
  }

  /**
   * One annealing step. False when the drawn move is none (the same start, or a partner that cannot
   * swap): nothing changed and nothing cooled, and the step is not weighed against the best.
   */
  step(movable: number[]): boolean {
    const state = this.state;
    const ui = movable[this.rng.int(movable.length)];
    const u = state.units[ui];
    const s0 = state.start[ui];
    const r0 = Int32Array.from(state.rooms[ui]);
    const hard0 = state.hard;
    const soft0 = state.soft;
    const usePartner = u.partners.length > 0 && (u.starts.length <= 1 || this.rng.next() < 0.6);
    if (usePartner) {
      const vi = u.partners[this.rng.int(u.partners.length)];
      const sv = state.start[vi];
      if (sv === s0 || sv < 0 || !u.allowed[sv] || !state.units[vi].allowed[s0]) return false;
      const rv = Int32Array.from(state.rooms[vi]);
      state.swap(ui, vi);
      if (!this.accept(hard0, soft0, this.temp)) {
        state.unplace(ui);
        state.unplace(vi);
        state.place(ui, s0, r0);
        state.place(vi, sv, rv);
      }
    } else {
      const s = u.starts[this.rng.int(u.starts.length)];
      if (s === s0) return false;
      state.unplace(ui);
      state.place(ui, s);
      if (!this.accept(hard0, soft0, this.temp)) {
        state.unplace(ui);
        state.place(ui, s0, r0);
      }
    }
    this.temp *= 0.99995;
    if (this.temp < 0.02) this.temp = 1;
    return true;
  }

  private accept(hard0: number, soft0: number, temp: number): boolean {
    if (this.state.hard > hard0) return false;
    if (this.state.hard < hard0) return true;
    const d = this.state.soft - soft0;
    return d <= 0 || this.state.rng.next() < Math.exp(-d / temp);
  }
}
