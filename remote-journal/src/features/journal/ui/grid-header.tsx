import type { JournalGrid as Grid } from '@parta/shared/domain/contracts/journal';
import classes from './journal-grid.module.css';

/**
 * The grid's header row: «Ученик», one column per dated lesson (its date and topic, a button that
 * opens the lesson's topic and homework; a lesson yet to come shaded), «Средний» and «Итог».
 */
export function GridHeader({
  lessons,
  isFuture,
  onLessonOpen,
}: {
  lessons: Grid['lessons'];
  isFuture: boolean[];
  onLessonOpen: (lessonId: number) => void;
}) {
  return (
    <thead>
      <tr>
        <th scope="col" className={classes.name}>
          Ученик
        </th>
        {lessons.map((lesson, col) => (
          <th
            key={lesson.id}
            scope="col"
            className={`${classes.lesson} ${isFuture[col] ? classes.future : ''}`}
            title={
              isFuture[col]
                ? `${lesson.topic ?? 'Тема не указана'} — урок ещё не прошёл`
                : (lesson.topic ?? 'Тема не указана')
            }
            data-col={col}
            data-future={isFuture[col] || undefined}
            data-testid="lesson-header"
          >
            <button type="button" className={classes.date} onClick={() => onLessonOpen(lesson.id)}>
              <span className={classes.day}>
                {lesson.date.slice(8, 10)}.{lesson.date.slice(5, 7)}
              </span>
              {/* Truncated to two short lines; the full topic is the header's tooltip. */}
              <span
                className={lesson.topic ? classes.topic : classes.noTopic}
                data-testid={lesson.topic ? 'lesson-topic' : undefined}
              >
                {lesson.topic ?? 'без темы'}
              </span>
            </button>
          </th>
        ))}
        <th scope="col" className={`${classes.summary} ${classes.average}`}>
          Средний
        </th>
        <th scope="col" className={`${classes.summary} ${classes.final}`}>
          Итог
        </th>
      </tr>
    </thead>
  );
}
