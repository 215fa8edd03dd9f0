import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The build tool that chooses the stylesheets (CommonJS, beside the webpack configuration).
const {
  firstScreenFiles,
  mantineLaterStylesheets,
  mantineLaterStylesModule,
  mantineStylesModule,
  mantineStylesheets,
  LATER_OUTPUT,
  OUTPUT,
} = require('../../../shared/build/mantine-styles.js') as {
  firstScreenFiles: () => string[];
  mantineLaterStylesheets: () => string[];
  mantineLaterStylesModule: () => string;
  mantineStylesModule: () => string;
  mantineStylesheets: () => string[];
  LATER_OUTPUT: string;
  OUTPUT: string;
};

const REPO_ROOT = path.join(__dirname, '..', '..', '..');
const names = (requests: string[]) => requests.map((request) => request.replace(/^.*\/|\.layer\.css$/g, ''));

/** The host's sources (tests left out), with their paths. */
function hostSources(dir = path.join(REPO_ROOT, 'host', 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return hostSources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the Mantine stylesheets the host loads', () => {
  it('are those of every component the apps import: after a new one, `pnpm mantine-styles` writes the lists', () => {
    expect(readFileSync(path.join(REPO_ROOT, OUTPUT), 'utf8')).toBe(mantineStylesModule());
    expect(readFileSync(path.join(REPO_ROOT, LATER_OUTPUT), 'utf8')).toBe(mantineLaterStylesModule());
  });

  it('include what a component draws inside it (a Select its Combobox, Input and Popover), foundation first', () => {
    const first = names(mantineStylesheets());
    const sheets = [...first, ...names(mantineLaterStylesheets())];
    expect(first.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    for (const inner of ['Combobox', 'Input', 'Popover']) expect(sheets).toContain(inner);
    // Mantine's order: an Input's rules come before the PasswordInput's that refine them.
    expect(sheets.indexOf('Input')).toBeLessThan(sheets.indexOf('PasswordInput'));
    // Nothing the apps never draw, and nothing twice.
    expect(sheets).not.toContain('Slider');
    const requests = [...mantineStylesheets(), ...mantineLaterStylesheets()];
    expect(new Set(requests).size).toBe(requests.length);
  });

  it('come in two parts: the first screens’ with the app (the sign-in form, the layout, toasts), the rest later', () => {
    const first = names(mantineStylesheets());
    const later = names(mantineLaterStylesheets());
    for (const drawn of ['Input', 'PasswordInput', 'AppShell', 'NavLink', 'Card', 'Notification']) {
      expect(first).toContain(drawn);
    }
    expect(mantineStylesheets()).toContain('@mantine/notifications/styles.layer.css');
    // A remote's tabs and pickers, and @mantine/dates' own stylesheet, last.
    for (const drawnLater of ['Tabs', 'Combobox']) expect(later).toContain(drawnLater);
    expect(mantineLaterStylesheets().at(-1)).toBe('@mantine/dates/styles.layer.css');
  });

  it('every lazy module of the host outside the first screens waits for the later stylesheets', () => {
    const first = new Set(firstScreenFiles());
    const unstyled: string[] = [];
    for (const file of hostSources()) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/import\(\s*'(\.[^']+)'\s*\)/g)) {
        const request = match[1]!;
        const target = ['.tsx', '.ts']
          .map((extension) => path.resolve(path.dirname(file), request) + extension)
          .find((candidate) => first.has(candidate));
        const waits = source.includes(`withLaterStyles(() => import('${request}'))`);
        const isLaterStyles = request === './mantine-styles-later';
        if (!target && !waits && !isLaterStyles)
          unstyled.push(`${path.relative(REPO_ROOT, file)}: ${request}`);
      }
    }
    expect(unstyled).toEqual([]);
  });
});
