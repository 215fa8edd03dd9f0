import { firstUseOfSignInShell, type SignInShell, takeOverSignInShell } from './sign-in-shell';

const holder = window as { __partaLoginShell?: SignInShell };

function drawShell(used = false): SignInShell {
  const shell: SignInShell = { login: 'teacher', password: 'секрет', submitted: false, used };
  holder.__partaLoginShell = shell;
  return shell;
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

afterEach(() => {
  delete holder.__partaLoginShell;
});

describe('the HTML sign-in form', () => {
  it('does not hold the app back on a page it did not draw', async () => {
    expect(await settled(firstUseOfSignInShell())).toBe(true);
  });

  it('holds the app back until the page is first used', async () => {
    const shell = drawShell();
    const start = firstUseOfSignInShell();
    expect(await settled(start)).toBe(false);
    shell.used = true;
    shell.whenUsed?.();
    expect(await settled(start)).toBe(true);
  });

  it('lets the app start at once when the page was used before its script ran', async () => {
    drawShell(true);
    expect(await settled(firstUseOfSignInShell())).toBe(true);
  });

  it('reads the fields once more when taken over: an autofill fires no input event', () => {
    const shell = drawShell();
    shell.keep = () => {
      shell.login = 'zavuch';
    };
    expect(takeOverSignInShell()?.login).toBe('zavuch');
  });

  it('is read once: a later sign-in page does not show what the last person typed', () => {
    drawShell();
    expect(takeOverSignInShell()).toMatchObject({ login: 'teacher', password: 'секрет' });
    expect(holder.__partaLoginShell).toBeUndefined();
    expect(takeOverSignInShell()).toBeNull();
  });
});
