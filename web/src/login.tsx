import { useState } from 'preact/hooks';
import { ApiError } from '@citation-stream/client';
import { client, messageOf } from './api.js';
import { t } from './i18n.js';

export function Login({ onLoggedIn }: { onLoggedIn: (token: string) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [registering, setRegistering] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    let registered = '';
    try {
      if (registering) registered = await client.register(email, password);
      onLoggedIn(await client.login(email, password));
    } catch (failure) {
      // Registered but not yet allowed in (e.g. an activation step): the server's message says what to do.
      if (registered) return setError(`${registered} (${messageOf(failure)})`);
      // A server without registration answers the route with 404.
      const unavailable = registering && failure instanceof ApiError && failure.status === 404;
      setError(unavailable ? t('registerUnavailable') : messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="login" onSubmit={(event) => void submit(event)}>
      <label>
        {t('email')}
        <input
          name="email"
          type="email"
          autocomplete="username"
          value={email}
          onInput={(event) => setEmail(event.currentTarget.value)}
          required
        />
      </label>
      <label>
        {t('password')}
        <input
          name="password"
          type="password"
          autocomplete={registering ? 'new-password' : 'current-password'}
          value={password}
          onInput={(event) => setPassword(event.currentTarget.value)}
          required
        />
      </label>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" class="primary" disabled={busy}>
        {registering ? t('register') : t('login')}
      </button>
      <button type="button" class="link" onClick={() => setRegistering(!registering)}>
        {registering ? t('loginInstead') : t('registerInstead')}
      </button>
    </form>
  );
}
