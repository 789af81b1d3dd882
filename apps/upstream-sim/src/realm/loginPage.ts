/** What the login page shows. */
export interface LoginPageModel {
  readonly realm: string;
  /** Where the form posts. */
  readonly action: string;
  /** The username to fill in again after a failed attempt. */
  readonly username: string;
  readonly error: string | undefined;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Message shown for a wrong username or password; Keycloak's wording. */
export const INVALID_CREDENTIALS = 'Invalid username or password.';

/**
 * The realm's sign-in page: one self-contained HTML document (inline styles, no scripts, no
 * external assets), with the field names and ids of Keycloak's login form so browser tests can
 * drive either.
 */
export function renderLoginPage(model: LoginPageModel): string {
  const error =
    model.error === undefined
      ? ''
      : `<p id="input-error" class="error" role="alert">${escapeHtml(model.error)}</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in to ${escapeHtml(model.realm)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f2f4f7;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;padding:2rem;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.15);width:20rem}
h1{font-size:1.25rem;margin:0 0 1rem}
label{display:block;margin:.75rem 0 .25rem;font-size:.9rem}
input{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem}
button{margin-top:1.25rem;width:100%;padding:.6rem;font-size:1rem;background:#0b5cad;color:#fff;border:0;border-radius:4px;cursor:pointer}
.error{color:#a4000f;background:#fde8ea;padding:.5rem;border-radius:4px}
.hint{color:#555;font-size:.8rem;margin-top:1rem}
</style>
</head>
<body>
<main>
<h1>Sign in to ${escapeHtml(model.realm)}</h1>
${error}
<form id="kc-form-login" method="post" action="${escapeHtml(model.action)}">
<label for="username">Username</label>
<input id="username" name="username" autocomplete="username" autofocus value="${escapeHtml(model.username)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password">
<button id="kc-login" type="submit">Sign In</button>
</form>
<p class="hint">Dev realm: every demo user's password is the username.</p>
</main>
</body>
</html>
`;
}
