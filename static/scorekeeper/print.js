// A "Print" button (data-print) prints the page: no inline handlers, so a strict CSP holds.
document.addEventListener("click", (event) => {
  if (event.target instanceof Element && event.target.closest("[data-print]")) window.print();
});
