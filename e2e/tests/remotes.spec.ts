import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { AppLayout } from '../pages/app-layout.page';
import { LoginPage } from '../pages/login.page';
import { REPO_ROOT, scratchDir, webDir } from '../support/system';
import { expect, test } from '../support/test';

/** Runs a command without blocking the test worker (a 30 s build would starve its event loop). */
function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd = REPO_ROOT,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output: output.slice(-4000) }));
  });
}

test('each remote renders its screens inside the layout', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const layout = new AppLayout(page);
  await new LoginPage(page).signIn('admin');
  const screens: [string, string][] = [
    ['/bells', 'Расписание звонков'],
    ['/organization/settings', 'Настройки организации'],
    ['/journal/final', 'Итоговые оценки'],
    ['/reports/classification', 'Классификация учащихся'],
    ['/organizations', 'Реестр организаций'],
    ['/users', 'Сотрудники'],
  ];
  for (const [url, title] of screens) {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    await expect(layout.menuItems.first()).toBeVisible();
  }
  // Every remote was built against the same shared as the host: the federation runtime has nothing
  // to warn about.
  expect(warnings.filter((text) => text.includes('@parta/shared'))).toEqual([]);
});

test('a blocked remote shows the fallback, the rest keeps working, «Повторить» recovers', async ({
  page,
}) => {
  const layout = new AppLayout(page);
  await new LoginPage(page).signIn('admin');
  await layout.ready();

  const blocked = /\/remotes\/journal\//;
  await page.route(blocked, (route) => route.abort());
  await layout.openMenuItem('Журнал');
  await expect(page.getByText('Раздел временно недоступен')).toBeVisible();
  await expect(layout.balance).toBeVisible();

  await layout.openMenuItem('Звонки');
  await expect(page.getByRole('heading', { name: 'Расписание звонков' })).toBeVisible();
  await layout.openMenuItem('Реестр организаций');
  await expect(page.getByRole('heading', { name: 'Реестр организаций' })).toBeVisible();

  await layout.openMenuItem('КТП');
  await expect(page.getByText('Раздел временно недоступен')).toBeVisible();
  // A retry while still blocked really asks for the remote again, and fails again.
  const retry = page.getByRole('button', { name: 'Повторить' });
  const refetched = page.waitForEvent('requestfailed', (request) => blocked.test(request.url()));
  await retry.click();
  await refetched;
  await expect(page.getByText('Раздел временно недоступен')).toBeVisible();
  await expect(retry).toBeEnabled();

  await page.unroute(blocked);
  await retry.click();
  await expect(page.getByRole('heading', { name: 'КТП', exact: true })).toBeVisible();
  await expect(page.getByText('Раздел временно недоступен')).toHaveCount(0);
  await layout.openMenuItem('Журнал');
  await expect(page.getByRole('heading', { name: 'Журнал', exact: true })).toBeVisible();
});

test('a rebuilt remote is served after a reload without rebuilding the host; built against another @parta/shared, it warns in the console', async ({
  page,
  request,
}) => {
  // One build serves both checks (a production build takes minutes on two cores): a visible label
  // proves the new remote is served, and a shared version the host does not provide must be named.
  test.setTimeout(420_000);
  const registryBefore = (await (await request.get('/remotes/registry.json')).json()) as Record<
    string,
    string
  >;
  const hostIndex = readFileSync(path.join(webDir(), 'host', 'index.html'), 'utf8');
  const repoManifest = path.join(REPO_ROOT, 'remote-admin', 'dist', 'mf-manifest.json');
  const repoManifestBefore = readFileSync(repoManifest, 'utf8');

  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await new LoginPage(page).signIn('admin');
  await page.goto('/applications');
  await expect(page.getByRole('heading', { name: 'Заявки' })).toBeVisible();
  await expect(page.getByTestId('build-label')).toHaveCount(0);

  // Build remote-admin alone, with a visible label, into the scratch folder (the repo's dist stays).
  const label = `e2e-${Date.now()}`;
  const output = path.join(scratchDir(), 'remote-admin-rebuilt');
  const build = await run('pnpm', ['--filter', 'remote-admin', 'build', '--output-path', output], {
    PARTA_BUILD_LABEL: label,
    PARTA_SHARED_VERSION: '1.0.0-snewer',
    // The kind the system under test was built as (global-setup.ts): each build also compiles the
    // whole @mantine/core as the fallback of its tree-shaken copy, and a release one took over 5 min here.
    PARTA_FIRST_START: process.env.PARTA_E2E_RELEASE === '1' ? '0' : '1',
  });
  expect(build.code, build.output).toBe(0);
  const manifest = JSON.parse(readFileSync(path.join(output, 'mf-manifest.json'), 'utf8')) as {
    shared: { name: string; version: string }[];
  };
  expect(manifest.shared.find((entry) => entry.name === '@parta/shared')?.version).toBe('1.0.0-snewer');

  // Deploy: replace the remote's folder. The server is not restarted, the host not rebuilt.
  const deployed = path.join(webDir(), 'remote-admin');
  rmSync(deployed, { recursive: true, force: true });
  renameSync(output, deployed);

  const registryAfter = (await (await request.get('/remotes/registry.json')).json()) as Record<
    string,
    string
  >;
  expect(registryAfter.admin).not.toBe(registryBefore.admin);
  for (const name of Object.keys(registryBefore).filter((key) => key !== 'admin')) {
    expect(registryAfter[name]).toBe(registryBefore[name]);
  }

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Заявки' })).toBeVisible();
  await expect(page.getByTestId('build-label')).toHaveText(`Сборка: ${label}`);
  expect(readFileSync(path.join(webDir(), 'host', 'index.html'), 'utf8')).toBe(hostIndex);
  expect(readFileSync(repoManifest, 'utf8')).toBe(repoManifestBefore);
  // Still the host's one copy (a singleton), but no longer silently: the mismatch is named.
  await expect
    .poll(() => warnings.find((text) => text.includes('@parta/shared') && text.includes('1.0.0-snewer')))
    .toBeTruthy();
});

test('remote files are versioned and cached forever, registry and manifests are not', async ({ request }) => {
  const registry = await request.get('/remotes/registry.json');
  expect(registry.headers()['cache-control']).toBe('no-cache');
  const entries = (await registry.json()) as Record<string, string>;
  expect(Object.keys(entries).sort()).toEqual(['admin', 'journal', 'people', 'timetable']);

  const manifestUrl = entries.journal;
  expect(manifestUrl).toMatch(/^\/remotes\/journal\/[0-9a-f]{16}\/mf-manifest\.json$/);
  const manifest = await request.get(manifestUrl);
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  const entry = await request.get(manifestUrl.replace('mf-manifest.json', 'remoteEntry.js'));
  expect(entry.status()).toBe(200);
  expect(entry.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  const stale = await request.get('/remotes/journal/0000000000000000/remoteEntry.js');
  expect(stale.status()).toBe(404);

  const index = await request.get('/journal/final');
  expect(index.headers()['cache-control']).toBe('no-cache');
  expect(await index.text()).toMatch(/<div id="?root"?>/);
});

/** The @mantine/core exports a build published in its mf-manifest.json (shared/build/create-webpack-config.js). */
function mantineExportsIn(manifestFile: string): string[] {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    shared: { name: string; usedExports?: string[] }[];
  };
  return manifest.shared.find((entry) => entry.name === '@mantine/core')?.usedExports ?? [];
}

/** Requests for the whole @mantine/core, the fallback built beside each app's tree-shaken copy. */
const WHOLE_MANTINE = /\/independent-packages\/scope_mantine__core\/[^/]+\/share-entry\.[0-9a-f]{10}\.js$/;

test('while every remote fits the host’s list of Mantine components, the page loads only the tree-shaken copy', async ({
  page,
}) => {
  const whole: string[] = [];
  page.on('request', (request) => {
    if (WHOLE_MANTINE.test(request.url())) whole.push(request.url());
  });
  await new LoginPage(page).signIn('admin');
  await page.goto('/applications');
  await expect(page.getByRole('heading', { name: 'Заявки' })).toBeVisible();
  await page.goto('/journal/final');
  await expect(page.getByRole('heading', { name: 'Итоговые оценки', exact: true })).toBeVisible();
  expect(whole).toEqual([]);
});

test('a vendor’s remote built after the host with a Mantine component outside the host’s list renders inside the host’s theme', async ({
  page,
}) => {
  // One first-start build of a copy of remote-admin (the vendor's: its own checkout) that draws a
  // Stepper, which no app of the repository imports.
  test.setTimeout(420_000);
  const admin = path.join(REPO_ROOT, 'remote-admin');
  const vendor = path.join(scratchDir(), 'remote-admin-vendor');
  rmSync(vendor, { recursive: true, force: true });
  cpSync(path.join(admin, 'src'), path.join(vendor, 'src'), { recursive: true });
  for (const file of ['package.json', 'webpack.config.js'])
    cpSync(path.join(admin, file), path.join(vendor, file));
  writeFileSync(
    path.join(vendor, 'tsconfig.json'),
    JSON.stringify({ extends: path.join(REPO_ROOT, 'tsconfig.base.json'), include: ['src'] }),
  );
  // The packages of remote-admin; the build cache and the federation's scratch files are its own.
  mkdirSync(path.join(vendor, 'node_modules'));
  for (const entry of readdirSync(path.join(admin, 'node_modules'))) {
    if (entry === '.cache' || entry === '.federation') continue;
    symlinkSync(path.join(admin, 'node_modules', entry), path.join(vendor, 'node_modules', entry));
  }
  writeFileSync(
    path.join(vendor, 'src', 'vendor-steps.tsx'),
    [
      "import '@mantine/core/styles/Stepper.layer.css';",
      "import { Stepper } from '@mantine/core';",
      '',
      'export function VendorSteps() {',
      '  return (',
      '    <Stepper active={1} mt="md" data-testid="vendor-steps">',
      '      <Stepper.Step label="Заявка подана" />',
      '      <Stepper.Step label="Проверка" />',
      '      <Stepper.Step label="Решение" />',
      '    </Stepper>',
      '  );',
      '}',
      '',
    ].join('\n'),
  );
  const routesFile = path.join(vendor, 'src', 'routes.tsx');
  const label = '<BuildLabel label={process.env.PARTA_BUILD_LABEL} />';
  const routes = readFileSync(routesFile, 'utf8');
  expect(routes).toContain(label);
  writeFileSync(
    routesFile,
    `import { VendorSteps } from './vendor-steps';\n${routes.replace(label, `${label}\n      <VendorSteps />`)}`,
  );

  const webpackCli = path.join(admin, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
  const build = await run('node', [webpackCli, '--mode', 'production'], { PARTA_FIRST_START: '1' }, vendor);
  expect(build.code, build.output).toBe(0);
  const hostExports = mantineExportsIn(path.join(webDir(), 'host', 'mf-manifest.json'));
  expect(hostExports).toContain('MantineProvider');
  expect(hostExports).not.toContain('Stepper');
  expect(mantineExportsIn(path.join(vendor, 'dist', 'mf-manifest.json'))).toContain('Stepper');

  // Deploy the vendor's build in place of remote-admin; the host is neither rebuilt nor restarted.
  const deployed = path.join(webDir(), 'remote-admin');
  // Kept outside the web folder: the server reads every remote-* folder there as a build.
  const kept = path.join(scratchDir(), 'remote-admin-kept');
  rmSync(kept, { recursive: true, force: true });
  renameSync(deployed, kept);
  renameSync(path.join(vendor, 'dist'), deployed);
  try {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const whole: string[] = [];
    page.on('request', (request) => {
      if (WHOLE_MANTINE.test(request.url())) whole.push(new URL(request.url()).pathname);
    });
    const layout = new AppLayout(page);
    await new LoginPage(page).signIn('admin');
    await page.goto('/applications');
    await expect(page.getByRole('heading', { name: 'Заявки' })).toBeVisible();
    const steps = page.getByTestId('vendor-steps');
    await expect(steps.getByText('Проверка')).toBeVisible();
    await expect(page.getByText('Раздел временно недоступен')).toHaveCount(0);
    await expect(layout.menuItems.first()).toBeVisible();

    // One copy of Mantine on the page, the host's whole one: a second copy of its contexts would
    // throw «MantineProvider was not found in tree».
    // (each page load of the test fetches it once, from the host's folder).
    expect(whole).not.toEqual([]);
    expect(whole.filter((pathname) => !pathname.startsWith('/independent-packages/'))).toEqual([]);
    expect(errors.filter((text) => /MantineProvider|Element type is invalid/.test(text))).toEqual([]);
    // Drawn in the host's theme: the finished step is filled with the theme's primary colour.
    const colours = await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.style.backgroundColor = 'var(--mantine-primary-color-filled)';
      document.body.append(probe);
      const primary = getComputedStyle(probe).backgroundColor;
      probe.remove();
      const icon = document.querySelector(
        '[data-testid="vendor-steps"] [data-completed] .mantine-Stepper-stepIcon',
      );
      return { primary, step: icon ? getComputedStyle(icon).backgroundColor : null };
    });
    expect(colours.primary).not.toBe('rgba(0, 0, 0, 0)');
    expect(colours.step).toBe(colours.primary);
    // The other remotes take the same whole copy and still draw their screens.
    await page.goto('/journal/final');
    await expect(page.getByRole('heading', { name: 'Итоговые оценки', exact: true })).toBeVisible();
  } finally {
    rmSync(deployed, { recursive: true, force: true });
    renameSync(kept, deployed);
    if (existsSync(vendor)) rmSync(vendor, { recursive: true, force: true });
  }
});
