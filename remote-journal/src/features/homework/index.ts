export { DiaryHomeworkBlock } from './ui/diary-homework';
export { LessonHomeworkFiles } from './ui/lesson-homework-files';
export { LessonSubmissions } from './ui/lesson-submissions';
