// Reads one string search parameter of the current route (the routes' own validateSearch already checked it).
import { useSearch } from '@tanstack/react-router';

export function useSearchParam(name: string): string | undefined {
  const search: unknown = useSearch({ strict: false });
  const value = (search as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' ? value : undefined;
}
