export { useCourseJournal } from './api/course-journal';
export { useDeleteCourse } from './api/courses';
export { downloadHoursReport, useHoursReport, usePlan, useSavePlan } from './api/report';
export { AttendanceGrid } from './ui/attendance-grid';
export { CourseForm } from './ui/course-form';
