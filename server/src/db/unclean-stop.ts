import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A mark in the PGlite folder while a server has it open: found at start, it means the last server
 * was killed or the machine lost power, not stopped. PGlite then replays its write-ahead log like
 * PostgreSQL after a crash (every committed transaction comes back), and the server says so.
 */
export const DATA_DIR_MARK = 'parta-running.pid';

export const UNCLEAN_STOP_MESSAGE =
  'Предыдущий запуск на этой папке данных завершился аварийно (процесс убит или пропало питание): ' +
  'база восстановлена по журналу предзаписи (WAL), сохранённое до сбоя на месте. ' +
  'Сделайте резервную копию папки и остановите сервер штатно (Ctrl+C или SIGTERM), чтобы избежать этого.';

/** Answers whether the last run on `dataDir` ended without a clean stop, and marks this run as open. */
export function markDataDirOpen(dataDir: string): boolean {
  const file = path.join(dataDir, DATA_DIR_MARK);
  const unclean = existsSync(file);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${process.pid}\n`);
  return unclean;
}

/** After the database closed cleanly. */
export function markDataDirClosed(dataDir: string) {
  rmSync(path.join(dataDir, DATA_DIR_MARK), { force: true });
}
