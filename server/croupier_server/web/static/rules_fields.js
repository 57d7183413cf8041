// The forms that take a game and its rule options (fieldset[data-game], one per game: its
// rules, its bots): only the chosen game's fieldsets are shown, and sent. Without this
// script every game's are shown, each named after its game, and the server refuses another
// game's options that were filled in and bots of another game.
"use strict";

(() => {
  for (const select of document.querySelectorAll('form select[name="game"]')) {
    const fieldsets = select.form.querySelectorAll("fieldset[data-game]");
    if (fieldsets.length === 0) {
      continue;
    }
    const showChosen = () => {
      for (const fieldset of fieldsets) {
        const other = fieldset.dataset.game !== select.value;
        fieldset.hidden = other;
        fieldset.disabled = other;
      }
    };
    select.addEventListener("change", showChosen);
    showChosen();
  }
})();
