// Build-time only (Node), beside render-page.tsx: the inline script a prerendered `/`, `/login` or
// `/register` starts with.
import { ROLE_CLAIM_NAMES, ROLES } from '../auth/has-role';
import { STORAGE_KEYS } from '../auth/storage-keys';

/**
 * Spec §2: `/` sends a signed-in user to /dashboard (a Company Owner) or /my-tasks (anyone else);
 * `/login` and `/register` send them to /dashboard, which sends anyone but an owner on to
 * /my-tasks (the shell's `AreaGuard`): the same two pages, reached here in one step. These pages
 * are HTML and CSS that boot no application at load, so the stored session is read by
 * this script in the head, before anything paints — the same decision as the shell's `homeFor`
 * (claims in any of the three names, single value or list). A token it cannot read is left to the
 * application, which the page then boots at once (the markup is dropped for a signed-in visitor).
 */
export function signedInHomeScript(): string {
  const token = JSON.stringify(STORAGE_KEYS.token);
  const names = JSON.stringify(ROLE_CLAIM_NAMES);
  const owner = JSON.stringify(ROLES.companyOwner);
  return (
    `<script>(function(){try{var t=localStorage.getItem(${token});if(!t)return;` +
    `var c=JSON.parse(atob(t.split(".")[1].replace(/-/g,"+").replace(/_/g,"/"))),r=[];` +
    `${names}.forEach(function(n){r=r.concat(c[n]||[])});` +
    `location.replace(r.indexOf(${owner})<0?"/my-tasks":"/dashboard")}catch(e){}})()</script>`
  );
}
