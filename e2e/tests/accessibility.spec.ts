import { describeAxeScreens } from '../support/axe-screens';

// WCAG 2.1 AA, light and dark, on the screens of everyone but the director (support/axe-screens.ts).
describeAxeScreens(['anonymous', 'teacher', 'student', 'parent', 'admin']);
