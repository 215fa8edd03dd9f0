/**
 * The sign-in form the HTML draws by itself on /login (shared/build/index.html), before any script
 * of the app: what was typed into it, whether «Войти» was pressed, and whether the page was used at all.
 */
export interface SignInShell {
  login: string;
  password: string;
  /** «Войти» was pressed before the app took over. */
  submitted: boolean;
  /** The field last focused (`login` or `password`). */
  focused?: string;
  /** Someone tapped, typed, autofilled or pressed «Войти». */
  used: boolean;
  /** Called once on the first use, if it comes after the app's entry script has run. */
  whenUsed?: () => void;
  /** Reads the two fields again (an autofill can fill them without an input event). */
  keep?: () => void;
}

function holder(): { __partaLoginShell?: SignInShell } {
  return window as { __partaLoginShell?: SignInShell };
}

/**
 * Resolves at once, except on the HTML's sign-in form: there it resolves on the page's first use
 * (which may have come before this script ran, on a slow connection). Until then an untouched
 * sign-in page runs no script of the app.
 */
export function firstUseOfSignInShell(): Promise<void> {
  const shell = holder().__partaLoginShell;
  if (!shell || shell.used) return Promise.resolve();
  return new Promise((resolve) => {
    shell.whenUsed = resolve;
  });
}

/**
 * What the HTML form holds, read once and forgotten, so a later sign-in page (after a sign-out)
 * never shows what the last person typed. Null when the page was not drawn by the HTML.
 */
export function takeOverSignInShell(): SignInShell | null {
  const shell = holder().__partaLoginShell;
  if (!shell) return null;
  delete holder().__partaLoginShell;
  // The form is out of the page by now, but its fields still hold their values.
  shell.keep?.();
  return shell;
}
