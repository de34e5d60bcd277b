import { useSearchParams } from 'react-router';

/**
 * A range kept in the URL (?range=12m) so reloads keep it: the current one (the first of `ranges` when
 * the URL has none or an unknown one) and a setter for a Tabs onValueChange (the first range clears it).
 */
export function useRangeParam<T extends string>(ranges: readonly [T, ...T[]]): [T, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const isRange = (value: string | null): value is T => (ranges as readonly string[]).includes(value ?? '');
  const current = params.get('range');
  const range = isRange(current) ? current : ranges[0];
  const setRange = (value: string) => {
    if (isRange(value)) setParams(new URLSearchParams(value === ranges[0] ? {} : { range: value }));
  };
  return [range, setRange];
}
