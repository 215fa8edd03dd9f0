import { readFileSync } from 'node:fs';
import path from 'node:path';

// The build tool that chooses the stylesheets (CommonJS, beside the webpack configuration).
const { mantineStylesModule, mantineStylesheets, OUTPUT } =
  require('../../../shared/build/mantine-styles.js') as {
    mantineStylesModule: () => string;
    mantineStylesheets: () => string[];
    OUTPUT: string;
  };

describe('the Mantine stylesheets the host loads', () => {
  it('are those of every component the apps import: after a new one, `pnpm mantine-styles` writes the list', () => {
    const written = readFileSync(path.join(__dirname, '..', '..', '..', OUTPUT), 'utf8');
    expect(written).toBe(mantineStylesModule());
  });

  it('include what a component draws inside it (a Select its Combobox, Input and Popover), foundation first', () => {
    const sheets = mantineStylesheets().map((request) => request.replace(/^.*\/|\.layer\.css$/g, ''));
    expect(sheets.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    for (const inner of ['Combobox', 'Input', 'Popover']) expect(sheets).toContain(inner);
    // Mantine's order: an Input's rules come before the PasswordInput's that refine them.
    expect(sheets.indexOf('Input')).toBeLessThan(sheets.indexOf('PasswordInput'));
    // Nothing the apps never draw.
    expect(sheets).not.toContain('Slider');
  });
});
