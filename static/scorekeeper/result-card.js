// Result cards: the server draws a game's or a night's result as SVG; this draws it on a
// canvas as a PNG and hands it to the phone's share sheet (the Web Share API), or saves it
// where the browser cannot share files. The buttons may come and go with htmx swaps, so one
// listener on the document serves them all.
(function () {
  "use strict";

  function png(url) {
    const image = new Image();
    image.src = url;
    return image.decode().then(function () {
      const canvas = document.createElement("canvas");
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      canvas.getContext("2d").drawImage(image, 0, 0);
      return new Promise(function (resolve, reject) {
        canvas.toBlob(function (blob) {
          if (blob) resolve(blob);
          else reject(new Error("no picture"));
        }, "image/png");
      });
    });
  }

  function save(blob, name) {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(link.href); }, 10000);
  }

  document.addEventListener("click", function (event) {
    const button = event.target.closest("[data-result-card] button[data-size]");
    if (!button) return;
    const holder = button.closest("[data-result-card]");
    const status = holder.querySelector(".result-card-status");
    const size = button.dataset.size;
    const name = holder.dataset.resultName + "-" + size + ".png";
    const url = holder.dataset.resultCard + "?size=" + size;
    status.textContent = gettext("Drawing the picture…");
    png(url).then(function (blob) {
      const file = new File([blob], name, { type: "image/png" });
      if (navigator.canShare && navigator.canShare({ files: [file] })) {
        return navigator.share({ files: [file], title: document.title }).then(function () {
          status.textContent = gettext("Shared.");
        });
      }
      save(blob, name);
      status.textContent = interpolate(gettext("Saved as %(name)s."), { name: name }, true);
    }).catch(function (error) {
      // Closing the share sheet is not a failure.
      status.textContent = error && error.name === "AbortError" ? "" :
        interpolate(gettext("The picture could not be made here. Open %(url)s to see it."), { url: url }, true);
    });
  });
})();
