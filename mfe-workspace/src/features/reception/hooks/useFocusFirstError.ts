import { useCallback, type RefObject } from 'react';

/** A field in error that takes focus: a select's combobox, or a visible input (not MUI's hidden ones). */
const FIRST_INVALID = [
  '.Mui-error [role="combobox"]',
  '.Mui-error input:not([aria-hidden="true"]):not([type="hidden"])',
  '.Mui-error textarea:not([aria-hidden="true"])',
].join(', ');

/**
 * Focuses the first field in error as the page shows them, to be fixed from the keyboard.
 * react-hook-form's own focus follows the order fields registered in, and an item type's fields
 * register after the serials; the page's order is the one a person reads.
 */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>) {
  return useCallback(() => {
    // After the render that marks them.
    setTimeout(() => form.current?.querySelector<HTMLElement>(FIRST_INVALID)?.focus(), 0);
  }, [form]);
}
