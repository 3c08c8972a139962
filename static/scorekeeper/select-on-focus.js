// Fields marked data-select-on-focus select their whole text when focused (the join link, to
// copy it). An external file, not an onfocus= attribute: the Content Security Policy runs no
// inline script. One listener on the document, so fields htmx swaps in later work too.
(function () {
  if (window.scorekeeperSelectOnFocus) return;
  window.scorekeeperSelectOnFocus = true;
  document.addEventListener("focusin", function (event) {
    var field = event.target;
    if (field instanceof HTMLInputElement && field.hasAttribute("data-select-on-focus")) {
      field.select();
    }
  });
})();
