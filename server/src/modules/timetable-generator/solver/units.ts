import { fitsRoom, type Instance } from './model';

/**
 * Units: activities that start together (FET's same starting time, subgroups in parallel) are one
 * unit the search moves as a whole; each carries what the search reads in its hot loops as typed
 * arrays (its resources, rooms options, allowed starts, groups, swap partners).
 */

export interface Unit {
  /** Activity indexes starting together. */
  members: number[];
  /** Fixed occupancy entries: resource and duration. */
  res: Int32Array;
  dur: Int32Array;
  rank: Int32Array;
  /** 1 where the entry is a student set whose day this unit's activity must end. */
  ends: Uint8Array;
  /** Per entry: the room request whose room gives the lesson its building (-1: none). */
  bld: Int32Array;
  /** Room requests: options, duration, owner activity and request index. */
  roomOpts: Int32Array[];
  /** Some request has rooms in more than one building (a room change can change a building). */
  multiBuilding: boolean;
  /** Per request: the building all its rooms stand in (-1: none, or several). */
  oneBuilding: Int32Array;
  roomDur: Int32Array;
  /** Allowed starts. */
  starts: Int32Array;
  allowed: Uint8Array;
  groups: Int32Array;
  hint: number;
  /**
   * Soft cost of each start (null: none): the members' time wishes it stands against, and the
   * stability weight away from the hinted start.
   */
  startCost: Float64Array | null;
  /** Units sharing a student set with this one and the same durations (swap partners). */
  partners: Int32Array;
}

export interface Units {
  units: Unit[];
  /** Per activity: its unit. */
  unitOf: Int32Array;
  /** Per resource: the units it takes part in. */
  resUnits: Int32Array[];
}

/** The instance's units (`blocked`: per resource × slot, 1 where it cannot be used). */
export function buildUnits(
  inst: Instance,
  T: number,
  P: number,
  blocked: Uint8Array,
  roomBuilding: Int32Array,
): Units {
  const units: Unit[] = [];
  const unitOf = new Int32Array(inst.activities.length).fill(-1);
  const n = inst.activities.length;
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  for (const set of inst.sameStart) for (let i = 1; i < set.length; i++) parent[find(set[i])] = find(set[0]);
  const byRoot = new Map<number, number[]>();
  for (let a = 0; a < n; a++) {
    const r = find(a);
    const list = byRoot.get(r);
    if (list) list.push(a);
    else byRoot.set(r, [a]);
  }
  const forbidden = new Uint8Array(T);
  for (const s of inst.forbiddenSlots ?? []) forbidden[s] = 1;
  const groupsOf: number[][] = Array.from({ length: n }, () => []);
  inst.groups.forEach((g, gi) => {
    for (const a of g.activities) groupsOf[a].push(gi);
  });
  for (const members of byRoot.values()) {
    const res: number[] = [];
    const dur: number[] = [];
    const rank: number[] = [];
    const ends: number[] = [];
    const bld: number[] = [];
    const roomOpts: Int32Array[] = [];
    const roomDur: number[] = [];
    const allowed = new Uint8Array(T).fill(1);
    const groups = new Set<number>();
    for (const a of members) {
      const act = inst.activities[a];
      const firstRequest = (act.roomOptions?.length ?? 0) > 0 ? roomOpts.length : -1;
      for (const r of act.resources) {
        res.push(r);
        bld.push(firstRequest);
        dur.push(act.duration);
        rank.push(act.rank ?? 0);
        ends.push(act.endsStudentsDay && inst.resources[r].kind === 'students' ? 1 : 0);
      }
      for (const opts of act.roomOptions ?? []) {
        // Rooms too small are never options: capacity is as hard as a clash.
        roomOpts.push(Int32Array.from(opts.filter((r) => fitsRoom(inst.resources[r].capacity, act.size))));
        roomDur.push(act.duration);
      }
      const startSet = act.allowedStarts ? new Set(act.allowedStarts) : null;
      const slotSet = act.allowedSlots ? new Set(act.allowedSlots) : null;
      for (let s = 0; s < T; s++) {
        if (!allowed[s]) continue;
        const p = s % P;
        let ok = p + act.duration <= P && (!startSet || startSet.has(s));
        for (let i = 0; ok && i < act.duration; i++) {
          if (forbidden[s + i] || (slotSet && !slotSet.has(s + i))) ok = false;
          for (const r of act.resources) if (blocked[r * T + s + i]) ok = false;
        }
        if (!ok) allowed[s] = 0;
      }
      for (const g of groupsOf[a]) groups.add(g);
    }
    const starts: number[] = [];
    for (let s = 0; s < T; s++) if (allowed[s]) starts.push(s);
    const buildingsOf = roomOpts.map((opts) => new Set(Array.from(opts, (r) => roomBuilding[r])));
    const multiBuilding = buildingsOf.some((b) => b.size > 1);
    const oneBuilding = Int32Array.from(buildingsOf, (b) => (b.size === 1 ? [...b][0] : -1));
    const first = inst.activities[members[0]];
    const hint = first.hint && first.hint.start >= 0 && allowed[first.hint.start] ? first.hint.start : -1;
    const u = units.length;
    for (const a of members) unitOf[a] = u;
    units.push({
      members,
      res: Int32Array.from(res),
      dur: Int32Array.from(dur),
      rank: Int32Array.from(rank),
      ends: Uint8Array.from(ends),
      bld: Int32Array.from(bld),
      roomOpts,
      multiBuilding,
      oneBuilding,
      roomDur: Int32Array.from(roomDur),
      starts: Int32Array.from(starts),
      allowed,
      groups: Int32Array.from(groups),
      hint,
      startCost: startCosts(inst, T, members, hint),
      partners: new Int32Array(0),
    });
  }
  const lists: number[][] = inst.resources.map(() => []);
  units.forEach((u, ui) => {
    for (let k = 0; k < u.res.length; k++) if (lists[u.res[k]].at(-1) !== ui) lists[u.res[k]].push(ui);
  });
  const resUnits = lists.map((l) => Int32Array.from(l));
  // Swap partners: units sharing a student set with the same duration pattern.
  units.forEach((u, ui) => {
    const set = new Set<number>();
    for (let k = 0; k < u.res.length; k++) {
      if (inst.resources[u.res[k]].kind !== 'students') continue;
      for (const v of resUnits[u.res[k]]) {
        if (v !== ui && sameShape(u, units[v])) set.add(v);
      }
    }
    u.partners = Int32Array.from(set);
  });
  return { units, unitOf, resUnits };
}

/** A unit's soft cost per start (`Unit.startCost`); null when every start costs the same. */
function startCosts(inst: Instance, T: number, members: number[], hint: number): Float64Array | null {
  const wishes = members.flatMap((a) =>
    (inst.activities[a].wishes ?? []).map((wish) => ({
      wish,
      duration: inst.activities[a].duration,
    })),
  );
  if (wishes.length === 0 && hint < 0) return null;
  const cost = new Float64Array(T);
  for (const { wish, duration } of wishes) {
    const starts = wish.starts ? new Set(wish.starts) : null;
    const slots = wish.slots ? new Set(wish.slots) : null;
    for (let s = 0; s < T; s++) {
      let kept = !starts || starts.has(s);
      for (let i = 0; kept && slots && i < duration; i++) kept = slots.has(s + i);
      if (!kept) cost[s] += wish.weight;
    }
  }
  if (hint >= 0) for (let s = 0; s < T; s++) if (s !== hint) cost[s] += inst.weights.stability;
  return cost;
}

function sameShape(a: Unit, b: Unit): boolean {
  let da = 0;
  let db = 0;
  for (const x of a.dur) da = Math.max(da, x);
  for (const x of b.dur) db = Math.max(db, x);
  return da === db;
}
