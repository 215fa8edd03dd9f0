import { useState } from 'react';
import { getErrorMessage, getFieldErrors } from '../api/errors';

export interface FormSave {
  /** Runs the save; answers whether it succeeded. */
  run: (save: () => Promise<unknown>) => Promise<boolean>;
  saving: boolean;
  /** A failure without field errors (network, 403, 409…), to show above the form; null otherwise. */
  failure: string | null;
}

/**
 * The saving state every form shares: a 422 answer puts its messages next to their fields through
 * `setErrors`, any other failure becomes one Russian message, and nothing the user typed is lost.
 */
export function useFormSave(setErrors: (errors: Record<string, string>) => void): FormSave {
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const run = async (save: () => Promise<unknown>) => {
    setFailure(null);
    setSaving(true);
    try {
      await save();
      return true;
    } catch (error) {
      const fields = getFieldErrors(error);
      setErrors(fields);
      setFailure(Object.keys(fields).length > 0 ? null : getErrorMessage(error));
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { run, saving, failure };
}
