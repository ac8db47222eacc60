import { CircularProgress, type AutocompleteRenderInputParams } from '@mui/material';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * The API search behind a type-ahead picker (customers, borrowers, models): a company's lists run
 * to thousands, more than one list can offer, so what the user types is asked of the API a
 * quarter second after they stop typing, and only while the list is open. `termOf` turns the
 * typed text into the search (a picker whose input shows the chosen one's label searches nothing).
 */
export function useTypeAhead<T>(
  queryKey: (term: string) => QueryKey,
  find: (term: string) => Promise<T[]>,
  termOf: (typed: string) => string = (typed) => typed,
) {
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), 250);
    return () => clearTimeout(timer);
  }, [input]);
  const term = termOf(search);
  // What was offered stays on screen while the next search is asked (its spinner shows): without
  // it the list emptied a quarter second after each pause in typing, and a click on an option
  // at that moment picked nothing.
  const options = useQuery({
    queryKey: queryKey(term),
    queryFn: () => find(term),
    enabled: open,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  return {
    input,
    search,
    options,
    /** The Autocomplete's own props for opening and typing. */
    autocomplete: {
      open,
      onOpen: () => setOpen(true),
      onClose: () => setOpen(false),
      inputValue: input,
      onInputChange: (_: unknown, next: string) => setInput(next),
    },
  };
}

/** A type-ahead input's slots with a spinner beside its own buttons while the API answers. */
export function searchingSlots(params: AutocompleteRenderInputParams, busy: boolean) {
  return {
    ...params.slotProps,
    input: {
      ...params.slotProps.input,
      endAdornment: (
        <>
          {busy ? <CircularProgress color="inherit" size={18} /> : null}
          {params.slotProps.input.endAdornment}
        </>
      ),
    },
  };
}
