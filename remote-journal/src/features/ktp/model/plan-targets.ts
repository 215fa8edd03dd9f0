import type { KtpPlanInput } from '@parta/shared/domain/contracts/ktp';
import type { LoadItem } from '@parta/shared/domain/contracts/timetable';

/** What a new plan is for: one class, or a whole parallel, of one subject and teacher. */
export interface PlanTarget {
  value: string;
  label: string;
  /** The name the dialog suggests («Математика, 5А» / «Математика, 5-е классы»). */
  name: string;
  plan: Required<Pick<KtpPlanInput, 'teacher_id' | 'subject_id' | 'group_id' | 'grade'>>;
}

export interface PlanTargetGroup {
  group: string;
  items: PlanTarget[];
}

const byName = (a: string, b: string) => a.localeCompare(b, 'ru', { numeric: true });

/**
 * The choices of the «Новый план» dialog, built from load lines: each class line, and a parallel
 * («вся параллель 5-х классов») wherever one teacher teaches a subject in two or more classes of
 * the same grade. `withTeacher` (завуч) adds the teacher to the labels; `classLabels` (shared
 * `classOptions`) names a class «1А · Филиал …» where a school and its branch both have a «1А».
 */
export function planTargets(
  loads: LoadItem[],
  withTeacher: boolean,
  classLabels: ReadonlyMap<number, string> = new Map(),
): PlanTargetGroup[] {
  const teacher = (load: LoadItem) => (withTeacher ? ` · ${load.teacher_name ?? 'без учителя'}` : '');
  const className = (load: LoadItem) => classLabels.get(load.group_id) ?? load.group_name;
  const classes: PlanTarget[] = [];
  const seenClass = new Set<string>();
  const parallels = new Map<string, { load: LoadItem; groups: Set<string> }>();

  for (const load of loads) {
    const classKey = `${load.group_id}:${load.subject_id}:${load.teacher_id}`;
    // Subgroup lines of one class and subject make one class plan (the plan is per class).
    if (!seenClass.has(classKey)) {
      seenClass.add(classKey);
      classes.push({
        value: `class:${classKey}`,
        label: `${className(load)} · ${load.subject_name}${teacher(load)}`,
        name: `${load.subject_name}, ${className(load)}`,
        plan: {
          teacher_id: load.teacher_id,
          subject_id: load.subject_id,
          group_id: load.group_id,
          grade: null,
        },
      });
    }
    const parallelKey = `${load.grade}:${load.subject_id}:${load.teacher_id}`;
    const parallel = parallels.get(parallelKey) ?? { load, groups: new Set<string>() };
    parallel.groups.add(className(load));
    parallels.set(parallelKey, parallel);
  }

  const wholeGrades = [...parallels.entries()]
    .filter(([, parallel]) => parallel.groups.size > 1)
    .map(([key, { load, groups }]): PlanTarget => {
      const names = [...groups].sort(byName).join(', ');
      return {
        value: `parallel:${key}`,
        label: `Вся параллель ${load.grade}-х классов (${names}) · ${load.subject_name}${teacher(load)}`,
        name: `${load.subject_name}, ${load.grade}-е классы`,
        plan: { teacher_id: load.teacher_id, subject_id: load.subject_id, group_id: null, grade: load.grade },
      };
    });

  const sorted = (items: PlanTarget[]) => items.sort((a, b) => byName(a.label, b.label));
  return [
    { group: 'Класс', items: sorted(classes) },
    { group: 'Параллель', items: sorted(wholeGrades) },
  ].filter((group) => group.items.length > 0);
}
