// Settings → App: install on the home screen where the browser offers it, and whether the app is
// ready to open without a connection.
import { promptInstall, usePwa } from '../../pwa/pwa-store.ts';

export function InstallSection() {
  const { canInstall, installed, offlineReady } = usePwa();
  return (
    <section className="card form" aria-labelledby="app-heading">
      <h2 id="app-heading">App</h2>
      <p data-testid="offline-ready">
        {offlineReady
          ? '✓ Ready to open without a connection.'
          : 'Not yet ready to open offline (it becomes ready after the first full load online).'}
      </p>
      {installed && <p>✓ Installed on this device.</p>}
      {canInstall && (
        <div className="button-row">
          <button type="button" className="btn btn-primary" onClick={() => void promptInstall()}>
            Install app
          </button>
          <span className="muted">Adds Lopit Community to your home screen.</span>
        </div>
      )}
      {!canInstall && !installed && (
        <p className="muted">
          To install, use your browser&apos;s menu (“Add to Home screen” or “Install app”) if it offers it.
        </p>
      )}
    </section>
  );
}
