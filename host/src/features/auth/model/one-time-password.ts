/**
 * The one-time password a user has just signed in with, held in memory only (never stored) until
 * the «Смените пароль» screen takes it: that screen then asks for the new password alone instead of
 * asking again for the one just typed. After a reload it is gone and the screen asks for it.
 */
let justTyped: string | null = null;

/** Kept by the sign-in page when the server says the password must be changed. */
export function keepOneTimePassword(password: string): void {
  justTyped = password;
}

/** The kept password, handed over once and forgotten. */
export function takeOneTimePassword(): string | null {
  const password = justTyped;
  justTyped = null;
  return password;
}
