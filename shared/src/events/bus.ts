// The typed event bus of the page. @stockwise/shared is a federation singleton, so the shell
// and every remote hold this same instance whoever loaded first.

export interface StockwiseEvents {
  /** The signed-in user's profile changed (sign-in, profile save, profile sync). */
  'profile-updated': void;
  /** The company logo changed (upload, or a company update carrying a logoPath). */
  'logo-updated': { logoPath?: string | null };
  /** The company's subscription changed (purchase, cancel, reload). */
  'subscription-updated': void;
  /**
   * The API refused a call because the session owes a second factor: MFA_REQUIRED (the user has
   * one and has not entered it this session) or MFA_ENROLLMENT_REQUIRED (the company requires one
   * and the user has none). The shell then shows the second sign-in step instead of the workspace.
   */
  'second-factor-due': { code: SecondFactorCode };
}

export type SecondFactorCode = 'MFA_REQUIRED' | 'MFA_ENROLLMENT_REQUIRED';

export type StockwiseEventName = keyof StockwiseEvents;
type Handler<K extends StockwiseEventName> = (payload: StockwiseEvents[K]) => void;

export class EventBus {
  private readonly handlers = new Map<StockwiseEventName, Set<Handler<never>>>();

  /** Subscribes; returns the function that unsubscribes (fits a React effect's cleanup). */
  on<K extends StockwiseEventName>(name: K, handler: Handler<K>): () => void {
    let set = this.handlers.get(name);
    if (!set) {
      set = new Set();
      this.handlers.set(name, set);
    }
    set.add(handler as Handler<never>);
    return () => {
      set.delete(handler as Handler<never>);
    };
  }

  emit<K extends StockwiseEventName>(
    name: K,
    ...payload: StockwiseEvents[K] extends void ? [] : [StockwiseEvents[K]]
  ): void {
    for (const handler of [...(this.handlers.get(name) ?? [])]) {
      try {
        (handler as Handler<K>)(payload[0] as StockwiseEvents[K]);
      } catch (error) {
        // One listener's failure must not stop the others from hearing the event.
        console.error(`[events] a "${name}" listener failed`, error);
      }
    }
  }
}

export const events = new EventBus();
