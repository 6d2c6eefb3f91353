import { useEffect, useState } from 'preact/hooks';
import { client, isUnauthorized, saveToken } from './api.js';
import { Chat } from './chat.js';
import { language, setLanguage, t } from './i18n.js';
import { KnowledgeBases } from './knowledge.js';
import { Login } from './login.js';
import { PasswordNotice } from './password-notice.js';

type View = 'chat' | 'knowledge';

export function App() {
  const [token, setToken] = useState(client.token);
  const [view, setView] = useState<View>('chat');
  const [, setLanguageState] = useState(language());

  useEffect(() => {
    document.documentElement.lang = language() === 'zh' ? 'zh-CN' : 'en';
    // Any call answered 401 means the token expired: back to the login form.
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isUnauthorized(event.reason)) logout();
    };
    addEventListener('unhandledrejection', onRejection);
    return () => removeEventListener('unhandledrejection', onRejection);
  }, []);

  const switchLanguage = () => {
    const next = language() === 'en' ? 'zh' : 'en';
    setLanguage(next);
    setLanguageState(next);
  };
  const logout = () => {
    saveToken(undefined);
    sessionStorage.clear();
    setToken(undefined);
  };

  return (
    <div class="app">
      <header class="top">
        <h1>{t('appTitle')}</h1>
        {token && (
          <nav>
            <button class={view === 'chat' ? 'tab active' : 'tab'} onClick={() => setView('chat')}>
              {t('chat')}
            </button>
            <button class={view === 'knowledge' ? 'tab active' : 'tab'} onClick={() => setView('knowledge')}>
              {t('knowledgeBases')}
            </button>
          </nav>
        )}
        <span class="spacer" />
        <button class="link" data-testid="language" onClick={switchLanguage}>
          {t('language')}
        </button>
        {token && (
          <button class="link" onClick={logout}>
            {t('logout')}
          </button>
        )}
      </header>
      {token && <PasswordNotice />}
      {!token ? (
        <Login
          onLoggedIn={(next) => {
            saveToken(next);
            setToken(next);
          }}
        />
      ) : view === 'chat' ? (
        <Chat onUnauthorized={logout} />
      ) : (
        <KnowledgeBases />
      )}
    </div>
  );
}
