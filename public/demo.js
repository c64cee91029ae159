// Kept out of index.html so the page's Content-Security-Policy (public/_headers) needs no 'unsafe-inline'.
// Shows the recall-box:results event, which pages can use for analytics or layout.
const log = document.getElementById('log');
document.addEventListener('recall-box:results', (e) => {
  log.textContent = `${e.detail.count} result${e.detail.count === 1 ? '' : 's'} for “${e.detail.query}”`;
});
