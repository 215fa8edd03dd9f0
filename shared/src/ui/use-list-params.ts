import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * List filters kept in the address (`?page=2&search=…`), so a reload or the back button returns to
 * the same page of the same list. Changing any filter but the page goes back to page 1.
 */
export function useListParams<K extends string>(keys: readonly K[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const values = useMemo(() => {
    const result = {} as Record<K, string>;
    for (const key of keys) result[key] = searchParams.get(key) ?? '';
    return result;
  }, [searchParams, keys]);
  const page = Math.max(1, Number(searchParams.get('page')) || 1);

  const set = useCallback(
    (changes: Partial<Record<K | 'page', string | number | null>>) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === undefined || value === '' || (key === 'page' && value === 1))
              next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  return { values, page, set };
}
