import { type SQL, sql } from 'drizzle-orm';
import { homeworkFiles, homeworkSubmissions } from '../../db/schema';

/**
 * The works waiting for the teacher's review among `lessonIds` (`lesson_id`, `student_id`): the
 * journal grid marks their cells with a dot.
 */
export function waitingWorksSql(lessonIds: number[]): SQL {
  return sql`select ${homeworkSubmissions.lessonId} as lesson_id, ${homeworkSubmissions.studentId} as student_id
      from ${homeworkSubmissions}
     where ${homeworkSubmissions.status} = 'submitted'
       and ${homeworkSubmissions.lessonId} = any(${`{${lessonIds.join(',')}}`}::int[])`;
}

/** How many files the homework of the lesson `lessonId` has (the evening digest counts them). */
export function homeworkFileCount(lessonId: SQL): SQL {
  return sql`(select count(*)::int from ${homeworkFiles} where ${homeworkFiles.lessonId} = ${lessonId})`;
}
