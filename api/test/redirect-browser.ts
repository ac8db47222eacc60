import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';

// What a browser does in a redirect sign-in, for the API's tests: follows redirects by hand (so
// each hop can be looked at), keeps cookies, and fills in the development stand-in's sign-in page.
// And a supabase-js client in PKCE mode whose storage keeps the code verifier, as a browser's would.

export function pkceClient(base: string, key: string): SupabaseClient {
  const store = new Map<string, string>();
  return createClient(base, key, {
    auth: {
      flowType: 'pkce',
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
        removeItem: (k: string) => void store.delete(k),
      },
    },
    realtime: { transport: ws as never },
  });
}

export class Browser {
  private jar = new Map<string, string>();
  /** Every URL the browser was sent to, in order. */
  readonly visited: string[] = [];

  constructor(private readonly base: string) {}

  async go(url: string, init: RequestInit = {}): Promise<Response> {
    this.visited.push(url);
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as object), cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      this.jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    return res;
  }

  private next(res: Response): string | null {
    const location = res.headers.get('location');
    return location ? new URL(location, this.base).href : null;
  }

  /**
   * Opens a sign-in URL and follows it to its end: through the stand-in's sign-in page (as
   * `email`) and the auth service's callback, until a page outside both (the app's redirect_to).
   */
  async signIn(start: string, email: string): Promise<URL> {
    let res = await this.go(start);
    let url = this.next(res);
    for (let hop = 0; hop < 12 && url; hop++) {
      if (url.includes('/oidc/interaction/')) {
        const page = await this.go(url);
        expect(await page.text()).toContain('Development sign-in — not Google');
        res = await this.go(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ email, given_name: 'Gina', family_name: 'Google' }).toString(),
        });
      } else if (url.startsWith(`${this.base}/oidc/`) || url.startsWith(`${this.base}/auth/v1/`)) {
        res = await this.go(url);
      } else {
        return new URL(url);
      }
      url = this.next(res);
    }
    throw new Error(`the sign-in did not end on a page: ${this.visited.join(' → ')} (last status ${res.status})`);
  }
}
