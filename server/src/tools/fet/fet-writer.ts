import type { FetModel } from './fet-reader';

/**
 * Writes a FET file back for `fet-cl` to confirm a timetable: the input as it was, text for text, with
 * the timetable's starts and rooms added as FET's own locks (the XML is edited as text, not rebuilt, so
 * whatever the reader does not understand reaches FET untouched).
 */

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Which of the file's rules a locked export takes out (`writeLockedFet`). */
export type LeaveOut = 'lockClashes' | 'rulesUnder100';

/**
 * The input file with every activity's start (and room) locked by FET's own constraints, so FET
 * itself can confirm the timetable: ConstraintActivityPreferredStartingTime and
 * ConstraintActivityPreferredRoom at weight 100, permanently locked. Where the file's own rules stop
 * FET, `leaveOut` takes some out so FET confirms the rest: `lockClashes`, the min-days rules the file's
 * locks break (`FetModel.lockClashes`); `rulesUnder100`, every constraint under 100 %.
 */
export function writeLockedFet(
  xml: string,
  model: FetModel,
  starts: number[],
  rooms: number[][],
  options: { leaveOut?: LeaveOut } = {},
): string {
  const { instance: inst, activityIds, roomName } = model;
  const clashKeys = new Set(model.lockClashes.map((ids) => ids.join(',')));
  const P = inst.periods;
  const time: string[] = [];
  const space: string[] = [];
  activityIds.forEach((id, i) => {
    const s = starts[i];
    if (s === undefined || s < 0) return;
    time.push(
      [
        '<ConstraintActivityPreferredStartingTime>',
        '\t<Weight_Percentage>100</Weight_Percentage>',
        `\t<Activity_Id>${id}</Activity_Id>`,
        `\t<Preferred_Day>${esc(inst.dayNames[Math.floor(s / P)])}</Preferred_Day>`,
        `\t<Preferred_Hour>${esc(inst.periodNames[s % P])}</Preferred_Hour>`,
        '\t<Permanently_Locked>true</Permanently_Locked>',
        '\t<Active>true</Active>',
        '\t<Comments></Comments>',
        '</ConstraintActivityPreferredStartingTime>',
      ].join('\n'),
    );
    const room = rooms[i]?.[0];
    if (room !== undefined && room >= 0) {
      space.push(
        [
          '<ConstraintActivityPreferredRoom>',
          '\t<Weight_Percentage>100</Weight_Percentage>',
          `\t<Activity_Id>${id}</Activity_Id>`,
          `\t<Room>${esc(roomName.get(room) ?? '')}</Room>`,
          '\t<Permanently_Locked>true</Permanently_Locked>',
          '\t<Active>true</Active>',
          '\t<Comments></Comments>',
          '</ConstraintActivityPreferredRoom>',
        ].join('\n'),
      );
    }
  });
  const insert = (src: string, listName: string, items: string[]) => {
    if (items.length === 0) return src;
    const close = `</${listName}>`;
    const at = src.lastIndexOf(close);
    if (at >= 0) return `${src.slice(0, at)}${items.join('\n')}\n${src.slice(at)}`;
    const fetClose = src.lastIndexOf('</fet>');
    return `${src.slice(0, fetClose)}<${listName}>\n${items.join('\n')}\n${close}\n${src.slice(fetClose)}`;
  };
  const source =
    options.leaveOut === 'rulesUnder100'
      ? withoutRules(xml, () => true)
      : options.leaveOut === 'lockClashes'
        ? withoutRules(
            xml,
            (name, body) => name === 'ConstraintMinDaysBetweenActivities' && clashKeys.has(idsKey(body)),
          )
        : xml;
  return insert(insert(source, 'Time_Constraints_List', time), 'Space_Constraints_List', space);
}

/** A rule's activity ids as one key («681,682,683»). */
function idsKey(body: string): string {
  return [...body.matchAll(/<Activity_Id>\s*(\d+)\s*<\/Activity_Id>/g)].map((m) => Number(m[1])).join(',');
}

/**
 * The file without those of its constraints under 100 % that `drop` names (FET's constraint elements
 * never nest, so each is one match).
 */
function withoutRules(xml: string, drop: (name: string, body: string) => boolean): string {
  return xml.replace(
    /[ \t]*<(Constraint\w+)>([\s\S]*?)<\/\1>\r?\n?/g,
    (whole, name: string, body: string) => {
      const weight = /<Weight_Percentage>\s*([^<]*?)\s*<\/Weight_Percentage>/.exec(body);
      return weight && Number(weight[1]) < 100 && drop(name, body) ? '' : whole;
    },
  );
}
