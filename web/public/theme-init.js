// Runs before first paint. Keep in step with web/lib/theme.ts (same key, same rules).
(function () {
  var stored = null;
  try {
    stored = window.localStorage.getItem('theme');
  } catch (error) {
    stored = null;
  }
  var preference = stored === 'light' || stored === 'dark' || stored === 'system' ? stored : 'system';
  var dark =
    preference === 'dark' ||
    (preference === 'system' &&
      window.matchMedia &&
      window.matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  root.dataset.theme = preference;
})();
