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
 * `node shared/build/mantine-styles.js --write` (`pnpm mantine-styles`) writes the list to
 * host/src/app/mantine-styles.ts; host/src/app/mantine-styles.test.ts fails when the file and the
 * sources disagree (a component imported for the first time, with no stylesheet loaded).
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
/** The generated module's path, from the repository root. */
const OUTPUT = path.join('host', 'src', 'app', 'mantine-styles.ts');

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

/** The stylesheet requests the host imports, foundation first, then components in Mantine's order. */
function mantineStylesheets() {
  const coreDir = packageDir('@mantine/core');
  const used = componentClosure(coreDir, mantineCoreImports());
  const components = mantineOrder(coreDir).filter((name) => used.has(name));
  return [...FOUNDATION, ...components].map((name) => `@mantine/core/styles/${name}.layer.css`);
}

/** The text of host/src/app/mantine-styles.ts. */
function mantineStylesModule() {
  return [
    '// Written by `pnpm mantine-styles` (shared/build/mantine-styles.js): do not edit by hand.',
    "// The stylesheets of the @mantine/core components the apps draw, in Mantine's order.",
    ...mantineStylesheets().map((request) => `import '${request}';`),
    '',
  ].join('\n');
}

if (require.main === module) {
  const target = path.join(REPO_ROOT, OUTPUT);
  if (process.argv.includes('--write')) {
    fs.writeFileSync(target, mantineStylesModule());
    console.log(`${OUTPUT}: ${mantineStylesheets().length} stylesheets`);
  } else {
    process.stdout.write(mantineStylesModule());
  }
}

module.exports = {
  appImports,
  mantineCoreImports,
  mantineHooksImports,
  mantineStylesheets,
  mantineStylesModule,
  importedNames,
  OUTPUT,
};
