import { useEffect, useState } from 'preact/hooks';
import { client, messageOf } from './api.js';
import { t } from './i18n.js';

/**
 * Tells a user who still has the password the service generated for them (the first admin) to change it, and
 * lets them do it here; shown until the server says the password was changed.
 */
export function PasswordNotice() {
  const [required, setRequired] = useState(false);
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    // A failure here (a 401 included) is the app's to handle, as for any call.
    void client
      .call<{ passwordChangeRequired?: boolean }>('GET', '/user/config')
      .then((config) => setRequired(config.passwordChangeRequired === true));
  }, []);

  if (!required) return null;
  const submit = async (event: Event) => {
    event.preventDefault();
    setError('');
    try {
      await client.call('POST', '/user/password/modify', { oldPassword, newPassword });
      setRequired(false);
    } catch (failure) {
      setError(messageOf(failure));
    }
  };
  return (
    <form class="notice password-notice" data-testid="password-notice" onSubmit={(event) => void submit(event)}>
      <p>{t('changeGeneratedPassword')}</p>
      <input
        name="oldPassword"
        type="password"
        autocomplete="current-password"
        placeholder={t('currentPassword')}
        value={oldPassword}
        onInput={(event) => setOldPassword(event.currentTarget.value)}
        required
      />
      <input
        name="newPassword"
        type="password"
        autocomplete="new-password"
        placeholder={t('newPassword')}
        value={newPassword}
        onInput={(event) => setNewPassword(event.currentTarget.value)}
        required
      />
      <button type="submit">{t('changePassword')}</button>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
