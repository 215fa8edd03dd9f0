// @ts-check
/**
 * The stylesheets of @mantine/core that Parta's apps draw with, in Mantine's own order.
 *
 * `@mantine/core/styles.layer.css` holds every component's rules (~300 KB): the browser parses it
 * and builds its rule sets before the first screen, a fifth of a second on a phone. The host loads
 * instead the per-component files (`@mantine/core/styles/<Name>.layer.css`) of the components the
 * host, `shared` and the remotes import, and of the components those render inside (a Select draws
 * a Combobox, an Input and a Popover): found by walking @mantine/core's own module imports.
 *
 * They come in two parts. With the app: the foundation and what the first screens draw (the
 * sign-in page, the layout, the dashboard: the modules `FIRST_SCREENS` reach by static imports) and
 * the toasts (any screen may show one). The rest, @mantine/dates' stylesheet after it, loads before
 * the first other screen renders (host/src/app/later-styles.ts: the host's other lazy screens and
 * every remote wait for it). Each part is closed under what its components draw inside, so a
 * component's rules always come after those of the components it refines.
 *
 * `node shared/build/mantine-styles.js --write` (`pnpm mantine-styles`) writes the two lists to
 * host/src/app/mantine-styles.ts and host/src/app/mantine-styles-later.ts;
 * host/src/app/mantine-styles.test.ts fails when the files and the sources disagree (a component
 * imported for the first time, with no stylesheet loaded).
 */
const fs = require('node:fs');
const path = require('node:path');

const REPO_ROOT = path.join(__dirname, '..', '..');
/** The packages whose sources import Mantine components (tests ship nowhere and are skipped). */
const APP_DIRS = ['host', 'shared', 'remote-admin', 'remote-journal', 'remote-people', 'remote-timetable'];
/** Mantine packages the apps use that draw @mantine/core components of their own. */
const MANTINE_EXTENSIONS = ['@mantine/dates', '@mantine/notifications'];
/** Loaded before any component, in this order (Mantine's documentation). */
const FOUNDATION = ['baseline', 'default-css-variables', 'global'];
/** The generated modules' paths, from the repository root: the first screens' part and the rest. */
const OUTPUT = path.join('host', 'src', 'app', 'mantine-styles.ts');
const LATER_OUTPUT = path.join('host', 'src', 'app', 'mantine-styles-later.ts');
/**
 * The modules the first screens are drawn from: the host's start (the sign-in page, the layout and
 * what they import) and the screens a sign-in leads to (the dashboard, the forced password change).
 * Every other lazy screen of the host loads the later stylesheets first (`withLaterStyles`).
 */
const FIRST_SCREENS = [
  'host/src/bootstrap.tsx',
  'host/src/pages/dashboard-page.tsx',
  'host/src/pages/password-change-page.tsx',
];
/** Drawn on any screen, the first ones included: the toasts' container (loaded with the first toast). */
const ANY_SCREEN_EXTENSIONS = ['@mantine/notifications'];

function packageDir(name) {
  const entry = require.resolve(name, { paths: [path.join(REPO_ROOT, 'host')] });
  let dir = path.dirname(entry);
  while (
    !fs.existsSync(path.join(dir, 'package.json')) ||
    readJson(path.join(dir, 'package.json')).name !== name
  ) {
    dir = path.dirname(dir);
  }
  return dir;
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function filesUnder(dir, test) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(full, test);
      return test(entry.name) ? [full] : [];
    });
}

/**
 * Value names imported from a package (by default '@mantine/core') in one source text (type-only
 * imports left out).
 */
function importedNames(source, packageName = '@mantine/core') {
  const names = [];
  const quoted = packageName.replace(/[/.@-]/g, (char) => `\\${char}`);
  const pattern = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${quoted}['"]`, 'g');
  for (const match of source.matchAll(pattern)) {
    if (match[1]) continue;
    for (const part of match[2].split(',')) {
      const name = part.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0].trim());
    }
  }
  return names;
}

/**
 * The component folders of @mantine/core a set of names reaches, with everything they import; the
 * styled helpers under `esm/utils` (InlineInput: the label beside a Checkbox, Radio or Switch) count
 * as components too.
 */
function componentClosure(coreDir, names) {
  const roots = [path.join(coreDir, 'esm', 'components'), path.join(coreDir, 'esm', 'utils')];
  const seen = new Set();
  const visit = (component) => {
    const dir = roots.map((root) => path.join(root, component)).find((candidate) => fs.existsSync(candidate));
    if (seen.has(component) || !dir) return;
    seen.add(component);
    for (const file of filesUnder(dir, (name) => name.endsWith('.mjs'))) {
      const source = fs.readFileSync(file, 'utf8');
      for (const match of source.matchAll(/from\s*['"]([^'"]+)['"]/g)) {
        const target = path.resolve(path.dirname(file), match[1]);
        const root = roots.find((candidate) => target.startsWith(candidate + path.sep));
        if (root) visit(path.relative(root, target).split(path.sep)[0]);
      }
    }
  };
  for (const name of names) visit(name);
  return seen;
}

/**
 * The components whose stylesheets a set of @mantine/core names needs: the module each name comes
 * from and every module it imports, followed file by file (a Menu's checkbox item draws only the
 * Checkbox's icon, which needs no Checkbox rules); a component counts where a reached module imports
 * its class names (`Checkbox.module.mjs`). The styled helpers under `esm/utils` count as components.
 */
function styledComponents(coreDir, names) {
  const esm = path.join(coreDir, 'esm');
  const roots = [path.join(esm, 'components'), path.join(esm, 'utils')];
  // Each name the index imports, with the module it comes from (null: another package's, unstyled).
  const fileOf = new Map();
  const index = fs.readFileSync(path.join(esm, 'index.mjs'), 'utf8');
  for (const match of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
    for (const part of match[1].split(',')) {
      const local = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (local) fileOf.set(local, match[2].startsWith('.') ? path.resolve(esm, match[2]) : null);
    }
  }
  const seen = new Set();
  const styled = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/from\s*['"](\.[^'"]+)['"]/g)) {
      const target = path.resolve(path.dirname(file), match[1]);
      if (!target.endsWith('.module.mjs')) {
        visit(target);
        continue;
      }
      const root = roots.find((candidate) => target.startsWith(candidate + path.sep));
      if (root) styled.add(path.relative(root, target).split(path.sep)[0]);
    }
  };
  for (const name of names) {
    const file = fileOf.get(name);
    if (file === undefined) throw new Error(`mantine-styles: @mantine/core exports no ${name}`);
    if (file) visit(file);
  }
  return styled;
}

/** Component names with a stylesheet, in the order of @mantine/core/styles.layer.css. */
function mantineOrder(coreDir) {
  const stylesDir = path.join(coreDir, 'styles');
  const whole = fs.readFileSync(path.join(coreDir, 'styles.layer.css'), 'utf8');
  return fs
    .readdirSync(stylesDir)
    .filter((file) => file.endsWith('.layer.css'))
    .map((file) => file.slice(0, -'.layer.css'.length))
    .filter((name) => !FOUNDATION.includes(name))
    .map((name) => {
      const own = fs.readFileSync(path.join(stylesDir, `${name}.layer.css`), 'utf8');
      const firstClass = /\.(m_[0-9a-f]+)\b/.exec(own);
      return { name, at: firstClass ? whole.indexOf(firstClass[0]) : -1 };
    })
    .filter((entry) => entry.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((entry) => entry.name);
}

/** The file a relative import names (`./x` → `./x.tsx`, `./x/index.ts`), or null. */
function resolveRelative(fromFile, request) {
  const base = path.resolve(path.dirname(fromFile), request);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile()) ?? null;
}

/** Specifiers a source imports statically (type-only imports and `import()` left out). */
function staticImports(source) {
  const requests = [];
  for (const match of source.matchAll(
    /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm,
  )) {
    if (!match[1]) requests.push(match[2]);
  }
  return requests;
}

/** The shared package's source file that declares each exported name (`export function QueryView`). */
function sharedDeclarations() {
  const byName = new Map();
  const sources = filesUnder(
    path.join(REPO_ROOT, 'shared', 'src'),
    (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name),
  );
  for (const file of sources) {
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^export\s+(?:async\s+)?(?:function|const|class)\s+(\w+)/gm)) {
      byName.set(match[1], file);
    }
  }
  return byName;
}

/**
 * The source files of the host and `shared` the first screens are drawn from: `FIRST_SCREENS` and
 * what they import statically, following a name imported from '@parta/shared' to the file that
 * declares it.
 */
function firstScreenFiles() {
  const declarations = sharedDeclarations();
  const seen = new Set();
  const visit = (file) => {
    if (!file || seen.has(file)) return;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const request of staticImports(source)) {
      if (request.startsWith('.') && /\.tsx?$|^[^.]*$|\/[^./]*$/.test(request))
        visit(resolveRelative(file, request));
    }
    for (const name of importedNames(source, '@parta/shared')) visit(declarations.get(name));
  };
  for (const root of FIRST_SCREENS) visit(path.join(REPO_ROOT, root));
  return [...seen].sort();
}

/**
 * The @mantine/core names the first screens import (`firstScreenFiles`), with those of the Mantine
 * packages drawn on any screen (`ANY_SCREEN_EXTENSIONS`), sorted.
 */
function firstScreenMantineImports() {
  const names = new Set();
  for (const file of firstScreenFiles())
    for (const name of importedNames(fs.readFileSync(file, 'utf8'))) names.add(name);
  for (const importer of ANY_SCREEN_EXTENSIONS) {
    for (const file of filesUnder(path.join(packageDir(importer), 'esm'), (name) => name.endsWith('.mjs'))) {
      for (const name of importedNames(fs.readFileSync(file, 'utf8'))) names.add(name);
    }
  }
  return [...names].sort();
}

/**
 * Every value name imported from '@mantine/core' by the apps' sources (host, shared, the remotes) and
 * by the Mantine packages that draw @mantine/core components of their own, sorted. The stylesheets
 * below and the `usedExports` of the shared @mantine/core (shared/build/create-webpack-config.js) are
 * both derived from it.
 */
function mantineCoreImports() {
  return appImports('@mantine/core', MANTINE_EXTENSIONS);
}

/**
 * Every value name imported from a package by the apps' sources (host, shared, the remotes) and, for
 * a package that other shared packages import (@mantine/hooks), by those packages' modules, sorted:
 * the `usedExports` of a package shared tree-shaken (shared/build/create-webpack-config.js).
 * @param {string} packageName
 * @param {string[]} importers  packages whose `esm` modules import it too
 */
function appImports(packageName, importers = []) {
  const names = new Set();
  for (const app of APP_DIRS) {
    const sources = filesUnder(
      path.join(REPO_ROOT, app, 'src'),
      (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name),
    );
    for (const file of sources)
      for (const name of importedNames(fs.readFileSync(file, 'utf8'), packageName)) names.add(name);
  }
  for (const importer of importers) {
    for (const file of filesUnder(path.join(packageDir(importer), 'esm'), (name) => name.endsWith('.mjs'))) {
      for (const name of importedNames(fs.readFileSync(file, 'utf8'), packageName)) names.add(name);
    }
  }
  return [...names].sort();
}

/**
 * The names imported from @mantine/hooks by the apps, by @mantine/dates and @mantine/notifications,
 * and by the part of @mantine/core the apps' tree-shaken copy holds (its `core` and `utils`, and the
 * components the apps' names reach): the `usedExports` of the shared @mantine/hooks. The whole
 * @mantine/core needs more, so the host takes the whole @mantine/hooks with it
 * (host/src/start/mantine-build.ts).
 */
function mantineHooksImports() {
  const names = new Set(appImports('@mantine/hooks', MANTINE_EXTENSIONS));
  const coreDir = packageDir('@mantine/core');
  const esm = path.join(coreDir, 'esm');
  const closure = componentClosure(coreDir, mantineCoreImports());
  const folders = [
    path.join(esm, 'core'),
    path.join(esm, 'utils'),
    ...[...closure].map((component) => path.join(esm, 'components', component)),
  ];
  const files = [
    path.join(esm, 'index.mjs'),
    ...folders.flatMap((dir) => filesUnder(dir, (name) => name.endsWith('.mjs'))),
  ];
  for (const file of files) {
    for (const name of importedNames(fs.readFileSync(file, 'utf8'), '@mantine/hooks')) names.add(name);
  }
  return [...names].sort();
}

/** Every stylesheet the host loads, in its two parts; each part in Mantine's order. */
function stylesheetParts() {
  const coreDir = packageDir('@mantine/core');
  const order = mantineOrder(coreDir);
  const first = styledComponents(coreDir, firstScreenMantineImports());
  const all = styledComponents(coreDir, mantineCoreImports());
  const sheet = (name) => `@mantine/core/styles/${name}.layer.css`;
  const ownSheets = (packages) => packages.map((name) => `${name}/styles.layer.css`);
  return {
    first: [
      ...FOUNDATION.map(sheet),
      ...order.filter((name) => first.has(name)).map(sheet),
      ...ownSheets(ANY_SCREEN_EXTENSIONS),
    ],
    later: [
      ...order.filter((name) => all.has(name) && !first.has(name)).map(sheet),
      ...ownSheets(MANTINE_EXTENSIONS.filter((name) => !ANY_SCREEN_EXTENSIONS.includes(name))),
    ],
  };
}

/** The stylesheet requests loaded with the app: the foundation first, then the first screens' components. */
function mantineStylesheets() {
  return stylesheetParts().first;
}

/** The stylesheet requests loaded before the first other screen renders. */
function mantineLaterStylesheets() {
  return stylesheetParts().later;
}

const GENERATED =
  '// Written by `pnpm mantine-styles` (shared/build/mantine-styles.js): do not edit by hand.';

/** The text of host/src/app/mantine-styles.ts. */
function mantineStylesModule() {
  return [
    GENERATED,
    '// The stylesheets of the Mantine components the first screens draw (the sign-in page, the layout,',
    "// the dashboard) and of the toasts, in Mantine's order; the rest: ./mantine-styles-later.ts.",
    ...mantineStylesheets().map((request) => `import '${request}';`),
    '',
  ].join('\n');
}

/** The text of host/src/app/mantine-styles-later.ts. */
function mantineLaterStylesModule() {
  return [
    GENERATED,
    "// The stylesheets of the Mantine components only the other screens draw, in Mantine's order after",
    '// ./mantine-styles.ts, and those of @mantine/dates: loaded before such a screen renders (./later-styles.ts).',
    ...mantineLaterStylesheets().map((request) => `import '${request}';`),
    '',
  ].join('\n');
}

if (require.main === module) {
  const modules = [
    [OUTPUT, mantineStylesModule(), mantineStylesheets()],
    [LATER_OUTPUT, mantineLaterStylesModule(), mantineLaterStylesheets()],
  ];
  for (const [output, text, sheets] of modules) {
    if (process.argv.includes('--write')) {
      fs.writeFileSync(path.join(REPO_ROOT, output), text);
      console.log(`${output}: ${sheets.length} stylesheets`);
    } else {
      process.stdout.write(`${output}:\n${text}`);
    }
  }
}

module.exports = {
  appImports,
  mantineCoreImports,
  mantineHooksImports,
  firstScreenFiles,
  mantineStylesheets,
  mantineStylesModule,
  mantineLaterStylesheets,
  mantineLaterStylesModule,
  importedNames,
  FIRST_SCREENS,
  OUTPUT,
  LATER_OUTPUT,
};
