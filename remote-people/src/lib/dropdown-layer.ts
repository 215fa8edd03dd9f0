import { Z_INDEX } from '@parta/shared';

/**
 * Dropdowns of selects and date pickers above an open modal: the theme puts popovers (1000) under
 * modals (1100), so a select inside a dialog would open behind it. To be dropped once the shared
 * theme layers popovers above modals.
 */
export const DROPDOWN_LAYER = { zIndex: Z_INDEX.modal + 1 };
