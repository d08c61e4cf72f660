// Applies the saved theme before first paint (dark is the default), so light-theme users see no dark flash.
try {
  if (localStorage.getItem('lopit.theme') === 'light') document.documentElement.dataset.theme = 'light';
} catch {
  /* storage unavailable: keep the default */
}
