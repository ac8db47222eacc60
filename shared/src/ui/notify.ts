// Remotes raise notifications through this one function; the shell owns the one notification
// stack of the page (spec §8: at most 3, top centre, 3000 ms) and registers itself here.

export type NotificationVariant = 'default' | 'success' | 'error' | 'warning' | 'info';
export type Notifier = (message: string, variant: NotificationVariant) => void;

let notifier: Notifier | null = null;

/** The shell's notification host calls this once; returns the function that unregisters it. */
export function setNotifier(next: Notifier): () => void {
  notifier = next;
  return () => {
    if (notifier === next) notifier = null;
  };
}

export function notify(message: string, variant: NotificationVariant = 'default'): void {
  if (notifier) notifier(message, variant);
  // A remote running on its own has no stack; its screens show their own alerts as well.
  else console.info(`[notify:${variant}] ${message}`);
}
