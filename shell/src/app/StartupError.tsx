/** Shown when remotes.json cannot be read: nothing else can load, so say so plainly. */
export function StartupError() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 32, maxWidth: 560, margin: '10vh auto' }}>
      <h1>Stockwise cannot start</h1>
      <p>The list of application parts could not be loaded. Check your connection, then reload the page.</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
