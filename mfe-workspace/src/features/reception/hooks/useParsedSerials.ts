import { useDeferredValue, useMemo } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import type { ReceptionValues } from '../lib/reception-form';
import { parseSerials } from '../lib/serials';

/** The serials field read as serials: a long pasted list is parsed behind the typing, not on every keystroke. */
export function useParsedSerials(control: Control<ReceptionValues>) {
  const deferred = useDeferredValue(useWatch({ control, name: 'serials' }));
  return useMemo(() => parseSerials(deferred), [deferred]);
}
