// Settings → App: install on the home screen where the browser offers it, and whether the app is
// ready to open without a connection.
import { promptInstall, usePwa } from '../../pwa/pwa-store.ts';
import { settings } from '../../../core/i18n/messages/settings.ts';
import { useT } from '../../i18n/i18n.tsx';

export function InstallSection() {
  const t = useT();
  const { canInstall, installed, offlineReady } = usePwa();
  return (
    <section className="card form" aria-labelledby="app-heading">
      <h2 id="app-heading">{t(settings.app)}</h2>
      <p data-testid="offline-ready">{t(offlineReady ? settings.offlineReady : settings.notOfflineReady)}</p>
      {installed && <p>{t(settings.installed)}</p>}
      {canInstall && (
        <div className="button-row">
          <button type="button" className="btn btn-primary" onClick={() => void promptInstall()}>
            {t(settings.install)}
          </button>
          <span className="muted">{t(settings.installHint)}</span>
        </div>
      )}
      {!canInstall && !installed && <p className="muted">{t(settings.installManual)}</p>}
    </section>
  );
}
