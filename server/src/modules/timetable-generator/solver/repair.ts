import type { Rng } from './rng';
import { HARD, type SearchState, takenBefore } from './search-state';

/**
 * Hard repair: while any hard violation is left, a tabu search on the units in violation, each step
 * the best non-tabu move of one of them (another start, a swap with a partner of its class, a room in
 * another building, another lesson pulled into a short day, or a broken block moved whole), priced
 * on the weighted hard cost (see `BUMP_AFTER`). Draws from the search's one random stream.
 */

/** Starts priced exactly per repair step, and swap partners tried. */
const SCREENED = 16;
const SWAPS = 8;
/**
 * Share of repair steps allowed to add a hard violation when nothing better is in reach: with a few
 * hard violations left the repair needs a way out of where it stands; with many, an uphill step mostly
 * undoes progress (FET's Econ-Timisoara v1_7, 60 s: 30–40 violations left at 3 %, 16–29 at 0.3 %; Hong
 * Kong's difficult school needs the 3 % for its last one). A step that keeps the hard count and only
 * costs soft is not uphill: the repair takes it (the best such, by soft cost), so it walks the plateau
 * of equal violations instead of standing still (v1_7, 60 s, seeds 1–4: 24/34/11/24 violations left
 * when soft counted as uphill, 20/10/6/11 now; 240 s, two workers: 9 → 3).
 */
const UPHILL_FEW = 0.03;
const UPHILL_MANY = 0.003;
const FEW = 5;
/**
 * Lessons of a resource tried in its day below a hard minimum of lessons (FET's «min hours daily»), each
 * at every start of that day: the lone lesson of such a day often cannot leave it, but another lesson
 * can join it (FET's Econ-Timisoara v1_7, where half the last violations were teachers' short days;
 * 240 s, two workers, seeds 1 and 2: 3 and 4 violations left without, 1 and 1 with).
 */
const PULLS = 3;
/**
 * Repair steps in a row that find no way to lower the (weighted) hard violations before every violation
 * there is weighs one more; every `EASE_EVERY` such rises, all weights go halfway back to 1 (the
 * «breakout» of constraint solvers: a violation the repair cannot leave reshapes the landscape around
 * it until some way out costs less than staying). FET's Econ-Timisoara v1_7, 60 s, one worker, seeds
 * 1–4, with the whole-block move: 7 / 12 / 9 / 1 violations left by plain counts, 2 / 0 / 2 / 4 with the
 * weights (a rise after 50 steps: 0 / 19 / 7 / 2; after 100: 8 / 0 / 1 / 10; after 1,000: 13 / 8 / 6 / 5).
 */
const BUMP_AFTER = 200;
const EASE_EVERY = 20;

/** A repair step's move: its change of the repair key and what moves. */
interface RepairMove {
  delta: number;
  /** The start the unit (or the pulled lesson, or the block's first unit) goes to; -1: no move. */
  start: number;
  /** A partner the unit swaps with (-1: none). */
  partner: number;
  /** A room change at the same start (rooms in another building). */
  roomChange: Int32Array | null;
  /** Another lesson of a short day's resource, pulled into that day at `start`. */
  pulled: number;
  /** A hard block group (consecutive, grouped) moved whole: its group index; starts in `blockBest`. */
  block: number;
}

export class Repair {
  readonly rng: Rng;
  /** The plain cost key after the move last priced (for the tabu list's aspiration). */
  private pricedKey = 0;
  /**
   * Per group: the units of a hard block (consecutive or grouped lessons, each its own unit), in the
   * group's order, which the repair moves whole; null for any other group. One lesson of a broken
   * block rarely fixes it alone where its mates' teachers and rooms are busy (v1_7, 60 s, seeds 1–4,
   * with the weights: 5 / 5 / 3 / 5 violations left without the whole-block move, 2 / 0 / 2 / 4 with).
   */
  private blockUnits: (Int32Array | null)[];
  /** Scratch starts of a block's units: the best of one pricing (read by the test), of a repair step. */
  blockTry: Int32Array;
  private blockBest: Int32Array;
  /** Per unit × start: the iteration until which the unit may not go back to that start. */
  private tabu: Int32Array;
  /** Units in violation, counted again every 16 steps (and after a return to the best timetable). */
  private violating: number[] = [];
  /** Repair steps in a row that lowered no hard violation, and weight rises so far (`BUMP_AFTER`). */
  private stuck = 0;
  private bumps = 0;
  /** The iteration of the step under way (tabu terms are counted from it), and the best timetable's key. */
  private it = 0;
  private bestKey = 0;
  /** The step's move so far: the best priced (`consider`), and how many tied with it. */
  private readonly choice: RepairMove = {
    delta: Number.POSITIVE_INFINITY,
    start: -1,
    partner: -1,
    roomChange: null,
    pulled: -1,
    block: -1,
  };
  private ties = 0;

  constructor(readonly state: SearchState) {
    this.rng = state.rng;
    this.tabu = new Int32Array(state.units.length * state.T);
    this.blockUnits = state.inst.groups.map((grp) => {
      if (!grp.hard || (grp.kind !== 'consecutive' && grp.kind !== 'grouped')) return null;
      const us = grp.activities.map((a) => state.unitOf[a]);
      return new Set(us).size === us.length && us.every((x) => x >= 0) ? Int32Array.from(us) : null;
    });
    const widest = Math.max(0, ...this.blockUnits.map((b) => b?.length ?? 0));
    this.blockTry = new Int32Array(widest);
    this.blockBest = new Int32Array(widest);
  }

  /** Units in violation are counted afresh at the next step (the timetable was replaced). */
  forget(): void {
    this.violating.length = 0;
  }

  /** A unit may not go back to the start it leaves for the next 10–19 steps. */
  private forbid(unit: number, start: number): void {
    this.tabu[unit * this.state.T + start] = this.it + 10 + this.rng.int(10);
  }

  /**
   * One repair step at iteration `it`: a unit in violation (else any movable one) takes the best move
   * of its neighbourhood; `bestKey` is the best timetable's cost key (a tabu move that would beat it
   * is allowed).
   */
  step(it: number, movable: number[], bestKey: number): void {
    const state = this.state;
    this.it = it;
    this.bestKey = bestKey;
    const ui = this.pickUnit(movable);
    const u = state.units[ui];
    const s0 = state.start[ui];
    const r0 = Int32Array.from(state.rooms[ui]);
    const before = state.repairKey();
    const choice = this.choice;
    choice.delta = Number.POSITIVE_INFINITY;
    choice.start = -1;
    choice.partner = -1;
    choice.roomChange = null;
    choice.pulled = -1;
    choice.block = -1;
    this.ties = 0;
    const randomMove = this.rng.next() < 0.002;
    if (randomMove) {
      choice.start = u.starts[this.rng.int(u.starts.length)];
    } else {
      this.considerStarts(ui, s0, r0, before);
      this.considerSwaps(ui, s0, r0, before);
      if (s0 >= 0) this.considerPulls(ui, s0, before);
      if (s0 >= 0) this.considerBlocks(ui);
      if (u.multiBuilding && s0 >= 0) this.considerRoomChanges(ui, s0, r0, before);
    }
    // An uphill step only now and then: taken every time, they walked the repair far from any
    // timetable worth keeping (FET's Belize college: from 20 violations to over 100).
    if (
      choice.start >= 0 &&
      !randomMove &&
      choice.delta > HARD / 2 &&
      this.rng.next() > (state.hard <= FEW ? UPHILL_FEW : UPHILL_MANY)
    )
      choice.start = -1;
    if (choice.start >= 0) this.make(ui, s0);
    if (choice.delta > -HARD / 2 && ++this.stuck >= BUMP_AFTER) {
      this.stuck = 0;
      state.bumpWeights(1);
      if (++this.bumps % EASE_EVERY === 0) state.easeWeights();
    } else if (choice.delta <= -HARD / 2) this.stuck = 0;
  }

  /** The unit a step moves: one in violation (counted again every 16 steps), at random. */
  private pickUnit(movable: number[]): number {
    const state = this.state;
    if (this.violating.length === 0 || (this.it & 15) === 0) {
      this.violating.length = 0;
      for (const v of movable) if (state.inViolation(v)) this.violating.push(v);
    }
    let ui =
      this.violating.length > 0
        ? this.violating[this.rng.int(this.violating.length)]
        : movable[this.rng.int(movable.length)];
    if (!state.inViolation(ui)) ui = movable[this.rng.int(movable.length)];
    return ui;
  }

  /**
   * A priced move becomes the step's choice if it is better, or as good (ties at random), and not tabu
   * unless it would beat the best timetable (aspiration).
   */
  private consider(
    delta: number,
    move: number,
    partner: number,
    tabuKey: number,
    rooms: Int32Array | null = null,
    pulled = -1,
    block = -1,
  ): void {
    const choice = this.choice;
    const aspiration = this.pricedKey < this.bestKey - 1e-9;
    if (this.tabu[tabuKey] > this.it && !aspiration) return;
    const better = delta < choice.delta - 1e-9;
    if (!better && !(Math.abs(delta - choice.delta) <= 1e-9 && this.rng.int(++this.ties) === 0)) return;
    if (better) {
      choice.delta = delta;
      this.ties = 1;
    }
    choice.start = move;
    choice.partner = partner;
    choice.roomChange = rooms;
    choice.pulled = pulled;
    choice.block = block;
  }

  /** The unit to another start: every start screened by a cheap clash count, the few best priced exactly. */
  private considerStarts(ui: number, s0: number, r0: Int32Array, before: number): void {
    const T = this.state.T;
    const cand = this.screen(ui, s0, SCREENED);
    for (let c = 0; c < cand.length; c++) {
      const s = cand[c];
      this.consider(this.priceMove(ui, s, undefined, r0, before), s, -1, ui * T + s);
    }
  }

  /** The unit swapped with a partner of its class (a few, from a random one on). */
  private considerSwaps(ui: number, s0: number, r0: Int32Array, before: number): void {
    const state = this.state;
    const u = state.units[ui];
    const np = u.partners.length;
    const tries = Math.min(np, SWAPS);
    const off = np > 0 ? this.rng.int(np) : 0;
    for (let j = 0; j < tries; j++) {
      const vi = u.partners[(off + j * 7) % np];
      const sv = state.start[vi];
      if (sv === s0 || sv < 0 || !u.allowed[sv] || !state.units[vi].allowed[s0]) continue;
      const rv = Int32Array.from(state.rooms[vi]);
      state.swap(ui, vi);
      const delta = state.repairKey() - before;
      this.pricedKey = state.key();
      state.unplace(ui);
      state.unplace(vi);
      state.place(ui, s0, r0);
      state.place(vi, sv, rv);
      this.consider(delta, sv, vi, ui * state.T + sv);
    }
  }

  /** A working day below its minimum of lessons: another lesson of that resource brought into it. */
  private considerPulls(ui: number, s0: number, before: number): void {
    const state = this.state;
    const u = state.units[ui];
    const d0 = (s0 / state.P) | 0;
    for (let k = 0; k < u.res.length; k++) {
      const list = state.resUnits[u.res[k]];
      if (!state.dayShort[u.res[k] * state.D + d0] || list.length < 2) continue;
      for (let j = 0; j < PULLS; j++) {
        const vi = list[this.rng.int(list.length)];
        const sv0 = state.start[vi];
        if (vi === ui || sv0 < 0 || ((sv0 / state.P) | 0) === d0) continue;
        const vu = state.units[vi];
        const rv = Int32Array.from(state.rooms[vi]);
        for (let c = 0; c < vu.starts.length; c++) {
          const sv = vu.starts[c];
          if (((sv / state.P) | 0) !== d0) continue;
          this.consider(this.priceMove(vi, sv, undefined, rv, before), sv, -1, vi * state.T + sv, null, vi);
        }
      }
    }
  }

  /** A broken block (lessons that must follow each other): the whole block, at every start. */
  private considerBlocks(ui: number): void {
    const state = this.state;
    const u = state.units[ui];
    for (let k = 0; k < u.groups.length; k++) {
      const g = u.groups[k];
      const members = this.blockUnits[g];
      if (state.groupHard[g] === 0 || !members) continue;
      const delta = this.bestBlockStart(g);
      if (delta < Number.POSITIVE_INFINITY) {
        const first = members[0];
        this.consider(delta, this.blockTry[0], -1, first * state.T + this.blockTry[0], null, -1, g);
        if (this.choice.block === g) this.blockBest.set(this.blockTry.subarray(0, members.length));
      }
    }
  }

  /** The unit's rooms at the same start, one request in another building. */
  private considerRoomChanges(ui: number, s0: number, r0: Int32Array, before: number): void {
    const T = this.state.T;
    for (const rooms of this.roomsElsewhere(ui, s0)) {
      this.consider(this.priceMove(ui, s0, rooms, r0, before), s0, -1, ui * T + s0, rooms);
    }
  }

  /** Makes the step's choice for unit `ui` (at `s0`); what moved may not go back for a while. */
  private make(ui: number, s0: number): void {
    const state = this.state;
    const { start, partner, roomChange, pulled, block } = this.choice;
    if (block >= 0) {
      const members = this.blockUnits[block] as Int32Array;
      for (let i = 0; i < members.length; i++) {
        this.forbid(members[i], state.start[members[i]]);
        state.unplace(members[i]);
      }
      for (let i = 0; i < members.length; i++) state.place(members[i], this.blockBest[i]);
    } else if (pulled >= 0) {
      this.forbid(pulled, state.start[pulled]);
      state.unplace(pulled);
      state.place(pulled, start);
    } else if (roomChange) {
      state.unplace(ui);
      state.place(ui, s0, roomChange);
    } else if (partner >= 0) {
      this.forbid(partner, state.start[partner]);
      state.swap(ui, partner);
    } else {
      state.unplace(ui);
      state.place(ui, start);
    }
    this.forbid(ui, s0);
  }

  /**
   * A unit's rooms at its start `s` with one request moved to a free room in another building: one such
   * set per request and building (the repair prices them like moves; rooms change nowhere else).
   */
  private roomsElsewhere(ui: number, s: number): Int32Array[] {
    const state = this.state;
    const u = state.units[ui];
    const mine = state.rooms[ui];
    const out: Int32Array[] = [];
    for (let k = 0; k < u.roomOpts.length; k++) {
      const opts = u.roomOpts[k];
      const seen = new Set<number>([mine[k] >= 0 ? state.roomBuilding[mine[k]] : -1]);
      const off = opts.length > 1 ? this.rng.int(opts.length) : 0;
      for (let j = 0; j < opts.length; j++) {
        const r = opts[(off + j) % opts.length];
        const b = state.roomBuilding[r];
        if (seen.has(b) || takenBefore(mine, k, r) || !state.roomFree(r, s, u.roomDur[k])) continue;
        seen.add(b);
        const rooms = Int32Array.from(mine);
        rooms[k] = r;
        out.push(rooms);
      }
    }
    return out;
  }

  private screenScore = new Float64Array(0);

  /** The `k` starts of a unit with the fewest clashes (own occupancy discounted), ties at random. */
  private screen(ui: number, s0: number, k: number): Int32Array {
    const state = this.state;
    const u = state.units[ui];
    const n = u.starts.length;
    if (this.screenScore.length < n) this.screenScore = new Float64Array(n);
    const score = this.screenScore;
    const T = state.T;
    const P = state.P;
    for (let c = 0; c < n; c++) {
      const s = u.starts[c];
      let clash = 0;
      for (let j = 0; j < u.res.length; j++) {
        const base = u.res[j] * T;
        for (let i = 0; i < u.dur[j]; i++) {
          const t = s + i;
          clash += state.occ[base + t];
          if (s0 >= 0 && t >= s0 && t < s0 + u.dur[j]) clash--;
        }
      }
      for (let j = 0; j < u.roomOpts.length; j++) {
        const opts = u.roomOpts[j];
        let free = false;
        for (let o = 0; o < opts.length && !free; o++) {
          free = opts[o] === state.rooms[ui][j] ? true : state.roomFree(opts[o], s, u.roomDur[j]);
        }
        if (!free && opts.length > 0) clash++;
      }
      const d = (s / P) | 0;
      if (state.bldCnt.length > 0) clash += state.otherBuildings(ui, d);
      for (const g of u.groups) {
        const grp = state.inst.groups[g];
        if (!grp.hard) continue;
        for (const a of grp.activities) {
          const v = state.unitOf[a];
          if (v === ui || state.start[v] < 0) continue;
          if (state.groupClash(grp, ui, s, v, d)) clash++;
        }
      }
      score[c] = clash * 4 + this.rng.next();
    }
    const idx = Array.from({ length: n }, (_, c) => c).filter((c) => u.starts[c] !== s0);
    idx.sort((a, b) => score[a] - score[b]);
    // Every start within one clash of the best, at most k of them.
    const limit = idx.length > 0 ? score[idx[0]] + 5 : 0;
    let m = 0;
    while (m < idx.length && m < k && score[idx[m]] < limit) m++;
    return Int32Array.from(idx.slice(0, m), (c) => u.starts[c]);
  }

  /**
   * What moving placed unit `ui` to start `s` (with `rooms`, else rooms as `place` finds them) does to
   * the cost key, from `before`; the unit is put back where it stood, in its rooms `back`.
   */
  private priceMove(
    ui: number,
    s: number,
    rooms: Int32Array | undefined,
    back: Int32Array,
    before: number,
  ): number {
    const state = this.state;
    const s0 = state.start[ui];
    state.unplace(ui);
    state.place(ui, s, rooms);
    const delta = state.repairKey() - before;
    this.pricedKey = state.key();
    state.unplace(ui);
    state.place(ui, s0, back);
    return delta;
  }

  /**
   * The best place for block group `g` moved whole: every start of every day, its units one after
   * another (breaks skipped) in the group's order, and for a «grouped» block also in reverse. Returns
   * the repair key's change (infinity: nowhere allowed) and leaves the units' starts in `blockTry`;
   * every unit is put back where it stood. Public for its test.
   */
  bestBlockStart(g: number): number {
    const state = this.state;
    const before = state.repairKey();
    const members = this.blockUnits[g] as Int32Array;
    const n = members.length;
    const P = state.P;
    const back = Array.from(members, (m) => state.start[m]);
    if (back.some((x) => x < 0)) return Number.POSITIVE_INFINITY;
    const backRooms = Array.from(members, (m) => Int32Array.from(state.rooms[m]));
    const at = new Int32Array(n);
    let best = Number.POSITIVE_INFINITY;
    const orders = state.inst.groups[g].kind === 'grouped' && n > 1 ? 2 : 1;
    for (let o = 0; o < orders; o++) {
      for (let s = 0; s < state.T; s++) {
        const dayEnd = ((s / P) | 0) * P + P;
        let cur = s;
        let fits = true;
        for (let i = 0; i < n && fits; i++) {
          const ui = members[o === 0 ? i : n - 1 - i];
          const dur = state.inst.activities[state.units[ui].members[0]].duration;
          if (cur >= dayEnd || !state.units[ui].allowed[cur] || cur + dur > dayEnd) fits = false;
          at[o === 0 ? i : n - 1 - i] = cur;
          cur += dur;
          while (cur < dayEnd && state.isBreak[cur]) cur++;
        }
        if (!fits) continue;
        for (let i = 0; i < n; i++) state.unplace(members[i]);
        for (let i = 0; i < n; i++) state.place(members[i], at[i]);
        const delta = state.repairKey() - before;
        const plain = state.key();
        for (let i = 0; i < n; i++) state.unplace(members[i]);
        for (let i = 0; i < n; i++) state.place(members[i], back[i], backRooms[i]);
        if (delta < best - 1e-9 || (Math.abs(delta - best) <= 1e-9 && this.rng.next() < 0.5)) {
          best = delta;
          this.pricedKey = plain;
          this.blockTry.set(at);
        }
      }
    }
    return best;
  }
}
