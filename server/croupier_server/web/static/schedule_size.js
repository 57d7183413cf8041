// The tournament form's line saying how many games its schedule will make: the server counts
// them with the format's own schedule (GET /admin/tournaments/games with the form's fields,
// those of the chosen game only), asked again a moment after each change.
"use strict";

(() => {
  const line = document.querySelector("p.schedule-size[data-url]");
  if (line === null) {
    return;
  }
  const form = line.closest("form");
  let timer = null;
  let asked = 0;
  const ask = async () => {
    const number = ++asked;
    const fields = new URLSearchParams(new FormData(form));
    fields.delete("csrf");
    let text;
    try {
      const answer = await fetch(`${line.dataset.url}?${fields}`, { headers: { Accept: "application/json" } });
      text = answer.ok ? (await answer.json()).line : "";
    } catch {
      text = "";
    }
    if (number === asked) {
      line.textContent = text;
      line.hidden = text === "";
    }
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(ask, 250);
  };
  form.addEventListener("change", later);
  form.addEventListener("input", later);
  ask();
})();
