// The replay player of a game page (templates/game.html).
//
// It steps through the game in one view (buttons, slider, keyboard, event list, timeline,
// jumps, play at a chosen speed), keeps the view, the step and the frame in the URL, and
// follows a running game. It draws nothing and knows no game: the server draws every step
// as the page draws it, and this puts the drawing in. /games/{id}/steps?view=V&first=K&count=N
// gives steps K to K + N - 1, each a <template data-step> holding its board, its step
// panel and its event items, and before it, for a step that ended a round or a hand, a
// <template data-step data-frame="moment"> holding that moment's board: stepping forward
// shows the moment, then the step's table. /games/{id}/events?view=V gives a view's event
// list, its timeline and the slider's markers. A view is always fetched from the server: a
// seat's view is never derived here from the all-hands one.
"use strict";

(() => {
  const root = document.getElementById("replay");
  if (!root) {
    return;
  }

  const BATCH = 32; // steps fetched at once
  const AHEAD = 8; // how close to a step not yet fetched the player may come before fetching it
  const FOLLOW_EVERY_MS = 1500;

  const gameId = root.dataset.gameId;
  const buttons = Object.fromEntries(
    ["start", "back", "play", "forward", "end"].map((name) => [
      name,
      root.querySelector(`button[data-control="${name}"]`),
    ]),
  );
  const slider = root.querySelector('input[type="range"][name="step"]');
  const speedSelect = root.querySelector('select[name="speed"]');
  const viewSelect = root.querySelector('select[name="view"]');
  const stepOutput = root.querySelector(".step-output");
  const lastOutput = root.querySelector(".step-last");
  const message = root.querySelector(".replay-message");
  const viewDownload = root.querySelector("a.download-view");
  const eventList = document.getElementById("events");
  const overview = document.getElementById("overview");
  const announcer = document.getElementById("step-announcer");
  const jumpButtons = [...root.querySelectorAll("button[data-jump]")];
  const skipForced = root.querySelector('.skip-forced input[type="checkbox"]');
  const JUMP_KEYS = Object.fromEntries( // "r" -> "round": each jump's key (Shift: back)
    jumpButtons.map((button) => [
      button.getAttribute("aria-keyshortcuts").split(" ")[0],
      button.dataset.jump,
    ]),
  );
  const MOMENT_KINDS = new Set(["round", "hand", "game"]);

  let view = root.dataset.view;
  let current = Number(root.dataset.step);
  let frame = root.dataset.frame; // "moment" or "table": which frame of `current` is shown
  let wanted = frame; // the frame asked for, drawn once its step has come
  let total = Number(root.dataset.steps);
  let drawn = current; // the step whose board and panel are in the page
  let drawnFrame = frame;
  let fragments = new Map(); // the fetched steps of `view`: number -> <template>
  let moments = new Map(); // their moments: number -> <template data-frame="moment">
  let fetching = new Map(); // the first step of each batch being fetched -> its promise
  let loading = new AbortController(); // aborts what is fetched for `view` when it changes
  let playing = null; // the interval that plays
  let itemsByStep = indexItems();

  // Fetching what the server drew

  function fragmentUrl(kind, forView, query = {}) {
    return `/games/${gameId}/${kind}?${new URLSearchParams({ view: forView, ...query })}`;
  }

  function replayUrl(forView) {
    return `/api/games/${gameId}/replay?${new URLSearchParams({ view: forView })}`;
  }

  // The fragment's one element; an error page's message as the error's.
  async function fetchFragment(url, signal) {
    const response = await fetch(url, { headers: { Accept: "text/html" }, signal });
    const parsed = new DOMParser().parseFromString(await response.text(), "text/html");
    if (!response.ok) {
      const reason = parsed.querySelector(".error-message");
      throw new Error(reason ? reason.textContent : `error ${response.status}`);
    }
    return parsed.body.firstElementChild;
  }

  function keep(wrapper) {
    const fresh = [];
    for (const template of wrapper.querySelectorAll("template[data-step]")) {
      const number = Number(template.dataset.step);
      if (template.dataset.frame === "moment") {
        moments.set(number, template);
        continue;
      }
      if (!fragments.has(number)) {
        fresh.push(template);
      }
      fragments.set(number, template);
    }
    return fresh;
  }

  // Fetch the batch of steps that holds step `number`, unless it is fetched or on its way.
  function fetchStep(number) {
    const first = number - (number % BATCH);
    if (number < 0 || number > lastStep() || fragments.has(number) || fetching.has(first)) {
      return;
    }
    const forView = view;
    const { signal } = loading;
    const fetched = fetchFragment(fragmentUrl("steps", forView, { first, count: BATCH }), signal)
      .then((wrapper) => {
        if (forView === view && !signal.aborted) {
          keep(wrapper);
          redraw();
        }
      })
      .catch((error) => {
        if (error.name !== "AbortError") {
          tell(`The steps of this view could not be loaded: ${error.message}`);
        }
      })
      .finally(() => {
        if (fetching.get(first) === fetched) {
          fetching.delete(first);
        }
      });
    fetching.set(first, fetched);
  }

  // Drawing

  // The frame of step `number` that is drawn when `asked` is: its moment only if it has one
  // (known from its fragment once fetched, from the timeline's markers until then).
  function frameOf(number, asked) {
    return asked === "moment" && hasMoment(number) ? "moment" : "table";
  }

  function hasMoment(number) {
    return fragments.has(number) ? moments.has(number) : momentSteps().has(number);
  }

  function redraw() {
    if (drawn !== current || drawnFrame !== frameOf(current, wanted)) {
      draw(current);
    }
  }

  function draw(number) {
    const template = fragments.get(number);
    if (!template) {
      root.querySelector(".board").setAttribute("aria-busy", "true");
      fetchStep(number);
      return;
    }
    const step = document.importNode(template.content, true);
    const shown = frameOf(number, wanted);
    const board =
      shown === "moment"
        ? document.importNode(moments.get(number).content, true).querySelector(".board")
        : step.querySelector(".board");
    root.querySelector(".board").replaceWith(board);
    document.getElementById("step-info").replaceWith(step.querySelector("#step-info"));
    drawn = number;
    drawnFrame = frame = root.dataset.frame = shown;
    markControls();
    keepInUrl();
    announce();
  }

  function announce() {
    const position = `Step ${current} of ${lastStep()}`;
    const caption = root.querySelector(".board .round");
    const action = document.querySelector("#step-info .step-action");
    const what = frame === "moment" && caption ? caption.textContent : action?.textContent ?? "";
    announcer.textContent = `${position}: ${what.replace(/\s+/g, " ").trim()}`;
  }

  function indexItems() {
    const index = new Map();
    for (const item of eventList.querySelectorAll("li[data-step]")) {
      const number = Number(item.dataset.step);
      if (!index.has(number)) {
        index.set(number, []);
      }
      index.get(number).push(item);
    }
    return index;
  }

  function appendEvents(templates) {
    for (const template of templates) {
      const items = [...template.content.querySelectorAll("li[data-step]")].map((item) =>
        document.importNode(item, true),
      );
      eventList.append(...items);
      itemsByStep.set(Number(template.dataset.step), items);
    }
  }

  function markCurrentEvents() {
    for (const item of eventList.querySelectorAll('li[aria-current="step"]')) {
      item.removeAttribute("aria-current");
    }
    const items = itemsByStep.get(current) ?? [];
    for (const item of items) {
      item.setAttribute("aria-current", "step");
    }
    if (items.length) {
      const top = items[0].offsetTop;
      const bottom = items[items.length - 1].offsetTop + items[items.length - 1].offsetHeight;
      if (top < eventList.scrollTop || bottom > eventList.scrollTop + eventList.clientHeight) {
        eventList.scrollTop = top - eventList.clientHeight / 3;
      }
    }
  }

  // Moving

  function lastStep() {
    return total - 1;
  }

  function following() {
    return root.dataset.status === "running" && current === lastStep();
  }

  function keepInUrl() {
    const url = new URL(window.location.href);
    url.searchParams.set("view", view);
    if (following()) {
      url.searchParams.delete("step");
    } else {
      url.searchParams.set("step", String(current));
    }
    if (frame === "moment") {
      url.searchParams.set("frame", "moment");
    } else {
      url.searchParams.delete("frame");
    }
    window.history.replaceState(null, "", url);
  }

  // Show step `number`, its moment first when `asked` is "moment" and it has one.
  function show(number, asked = "table") {
    current = Math.min(Math.max(number, 0), lastStep());
    wanted = asked;
    frame = frameOf(current, wanted);
    root.dataset.step = String(current);
    slider.value = String(current);
    slider.setAttribute("aria-valuetext", `Step ${current} of ${lastStep()}`);
    stepOutput.textContent = String(current);
    redraw();
    fetchStep(current + AHEAD);
    fetchStep(current - AHEAD);
    markCurrentEvents();
    markControls();
    keepInUrl();
  }

  function atEnd() {
    return current === lastStep() && frame === "table";
  }

  function markControls() {
    buttons.start.disabled = buttons.back.disabled = current === 0;
    buttons.forward.disabled = buttons.end.disabled = atEnd();
    for (const button of jumpButtons) {
      button.disabled = markerSteps(button.dataset.jump).every((step) => step <= current);
    }
    const now = overview.querySelector("svg.swings line.now");
    if (now) {
      const x = String(40 + (940 * current) / Math.max(lastStep(), 1));
      now.setAttribute("x1", x);
      now.setAttribute("x2", x);
    }
  }

  // Moving frame by frame, through moments, past forced steps when asked to

  function forced() {
    const figure = overview.querySelector("figure.timeline");
    return new Set((figure?.dataset.forced ?? "").split(" ").filter(Boolean).map(Number));
  }

  function skipped(number, forcedSteps) {
    return skipForced?.checked && forcedSteps.has(number) && !momentSteps().has(number);
  }

  function forward() {
    if (atEnd()) {
      return;
    }
    if (frame === "moment") {
      show(current, "table");
      return;
    }
    const forcedSteps = forced();
    let target = current + 1;
    while (target < lastStep() && skipped(target, forcedSteps)) {
      target += 1;
    }
    show(target, "moment");
  }

  function back() {
    if (frame === "table" && hasMoment(current)) {
      show(current, "moment");
      return;
    }
    const forcedSteps = forced();
    let target = current - 1;
    while (target > 0 && skipped(target, forcedSteps)) {
      target -= 1;
    }
    show(target, "table");
  }

  // Jumping to the timeline's markers

  function markerSteps(kind) {
    const markers = overview.querySelectorAll(`svg.swings g.marker[data-kind="${kind}"]`);
    const steps = new Set([...markers].map((marker) => Number(marker.dataset.step)));
    return [...steps].sort((a, b) => a - b);
  }

  function momentSteps() {
    return new Set([...MOMENT_KINDS].flatMap(markerSteps));
  }

  function jump(kind, direction) {
    const steps = markerSteps(kind);
    const target =
      direction > 0
        ? steps.find((step) => step > current)
        : steps.reverse().find((step) => step < current);
    if (target !== undefined) {
      stop();
      show(target, "moment");
    }
  }

  function setTotal(count) {
    total = count;
    root.dataset.steps = String(count);
    slider.max = String(lastStep());
    lastOutput.textContent = String(lastStep());
  }

  function tell(text) {
    message.textContent = text;
    message.hidden = !text;
  }

  // Playing

  function stop() {
    if (playing !== null) {
      window.clearInterval(playing);
      playing = null;
    }
    buttons.play.setAttribute("aria-pressed", "false");
    buttons.play.textContent = "▶ Play";
    buttons.play.setAttribute("aria-label", "Play");
  }

  function tick() {
    if (!atEnd()) {
      forward();
    } else if (root.dataset.status !== "running") {
      stop();
    }
  }

  function play() {
    if (atEnd() && root.dataset.status !== "running") {
      show(0);
    }
    window.clearInterval(playing);
    playing = window.setInterval(tick, 1000 / Number(speedSelect.value));
    buttons.play.setAttribute("aria-pressed", "true");
    buttons.play.textContent = "❚❚ Pause";
    buttons.play.setAttribute("aria-label", "Pause");
  }

  function togglePlay() {
    if (playing === null) {
      play();
    } else {
      stop();
    }
  }

  // Changing view and following a running game

  async function loadView(chosen) {
    loading.abort();
    loading = new AbortController();
    const { signal } = loading;
    try {
      const first = current - (current % BATCH);
      const [overviewOfView, steps] = await Promise.all([
        fetchFragment(fragmentUrl("events", chosen), signal),
        fetchFragment(fragmentUrl("steps", chosen, { first, count: BATCH }), signal),
      ]);
      // A running game may have gone on since the page was drawn at its newest step.
      const wasFollowing = following();
      view = overviewOfView.dataset.view;
      fragments = new Map();
      moments = new Map();
      fetching = new Map();
      keep(steps);
      root.dataset.view = view;
      viewSelect.value = view;
      viewDownload.href = replayUrl(view);
      viewDownload.download = `game-${gameId}-${view}.json`;
      eventList.replaceChildren(...overviewOfView.querySelector("ol.events").children);
      const figure = overviewOfView.querySelector("figure.timeline");
      overview.replaceChildren(...(figure ? [figure] : []));
      const marks = overviewOfView.querySelector("svg.slider-marks");
      root.querySelector("svg.slider-marks")?.replaceWith(marks);
      itemsByStep = indexItems();
      setTotal(Number(overviewOfView.dataset.steps));
      tell("");
      setStatus(overviewOfView.dataset.status);
      drawn = null;
      show(wasFollowing ? lastStep() : current, frame);
    } catch (error) {
      if (error.name !== "AbortError") {
        viewSelect.value = view;
        tell(`The steps of this view could not be loaded: ${error.message}`);
      }
    }
  }

  function setStatus(status) {
    const ended = root.dataset.status === "running" && status !== "running";
    root.dataset.status = status;
    if (ended) {
      for (const option of viewSelect.options) {
        option.disabled = false;
      }
      tell(`The game is over (${status}): reload the page for its result.`);
    }
  }

  async function follow() {
    if (root.dataset.status !== "running") {
      return;
    }
    const forView = view;
    try {
      const url = fragmentUrl("steps", forView, { first: total, count: BATCH });
      const steps = await fetchFragment(url, loading.signal);
      if (forView === view) {
        const wasFollowing = following();
        appendEvents(keep(steps));
        setTotal(Number(steps.dataset.steps));
        if (steps.dataset.status === "running") {
          tell("Following the game as it is played.");
        }
        setStatus(steps.dataset.status);
        show(wasFollowing ? lastStep() : current);
      }
    } catch (error) {
      if (error.name !== "AbortError") {
        tell(`Lost touch with the game for a moment: ${error.message}`);
      }
    }
    window.setTimeout(follow, FOLLOW_EVERY_MS);
  }

  // Wiring

  for (const form of root.querySelectorAll("form")) {
    form.addEventListener("submit", (event) => event.preventDefault());
  }
  root.querySelector("button.show").hidden = true;
  buttons.start.addEventListener("click", () => show(0));
  buttons.back.addEventListener("click", back);
  buttons.forward.addEventListener("click", forward);
  buttons.end.addEventListener("click", () => show(lastStep()));
  buttons.play.addEventListener("click", togglePlay);
  for (const button of jumpButtons) {
    button.addEventListener("click", () => jump(button.dataset.jump, 1));
  }
  if (skipForced) {
    skipForced.closest("label").hidden = false;
  }
  overview.addEventListener("click", (event) => {
    const chart = event.target.closest("svg.swings");
    if (!chart) {
      return;
    }
    const marker = event.target.closest("g.marker[data-step]");
    if (marker) {
      show(Number(marker.dataset.step), "moment");
      return;
    }
    const box = chart.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * 1000;
    show(Math.round(((x - 40) / 940) * lastStep()));
  });
  slider.addEventListener("input", () => show(Number(slider.value)));
  speedSelect.addEventListener("change", () => {
    if (playing !== null) {
      play();
    }
  });
  viewSelect.addEventListener("change", () => {
    stop();
    loadView(viewSelect.value);
  });
  eventList.addEventListener("click", (event) => {
    const item = event.target.closest("li[data-step]");
    if (!item || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    show(Number(item.dataset.step));
  });
  // Whether a key pressed in `target` is the control's own: typing, choosing, the slider.
  // A button or a checkbox keeps none: after a click on one, the keys still move the player.
  function keepsKeys(target) {
    if (target.closest?.("select, textarea, [contenteditable]")) {
      return true;
    }
    const pressed = ["button", "submit", "reset", "checkbox", "radio"];
    return target.matches?.("input") && !pressed.includes(target.type);
  }

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || keepsKeys(event.target)) {
      return;
    }
    const moves = {
      ArrowLeft: back,
      ArrowRight: forward,
      Home: () => show(0),
      End: () => show(lastStep()),
      " ": togglePlay,
    };
    const kind = JUMP_KEYS[event.key.toLowerCase()];
    const move = moves[event.key] ?? (kind && (() => jump(kind, event.shiftKey ? -1 : 1)));
    if (move) {
      event.preventDefault(); // nor does Space then press the focused button
      move();
    }
  });

  buttons.play.disabled = false;
  fetchStep(current);
  show(current, frame);
  if (root.dataset.status === "running") {
    tell("Following the game as it is played.");
    window.setTimeout(follow, FOLLOW_EVERY_MS);
  }
})();
