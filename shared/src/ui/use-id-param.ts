import { useParams } from 'react-router-dom';

/** The numeric `:id` of the route, NaN when it is not a number. */
export function useIdParam(): number {
  const { id } = useParams();
  return id && /^\d+$/.test(id) ? Number(id) : Number.NaN;
}
