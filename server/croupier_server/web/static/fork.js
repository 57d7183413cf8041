// The fork form of a finished game's page takes the step the replay shows when it is sent.
"use strict";

(() => {
  const form = document.querySelector("form.fork");
  const slider = document.querySelector('#replay input[type="range"][name="step"]');
  if (!form || !slider) return;
  form.addEventListener("submit", () => {
    form.elements.step.value = slider.value;
  });
})();
