import { describeAxeScreens } from '../support/axe-screens';

// WCAG 2.1 AA, light and dark, on the director's screens (support/axe-screens.ts): a file of its own
// so the other test worker checks the other roles' screens meanwhile.
describeAxeScreens(['director']);
