// The replay player of a game page (templates/game.html).
//
// It steps through the game in one view (buttons, slider, keyboard, event list, play at a
// chosen speed), keeps the view and the step in the URL, and follows a running game. It
// draws nothing and knows no game: the server draws every step as the page draws it, and
// this puts the drawing in. /games/{id}/steps?view=V&first=K&count=N gives steps K to
// K + N - 1, each a <template data-step> holding its board, its step panel and its event
// items; /games/{id}/events?view=V gives a view's event list. A view is always fetched
// from the server: a seat's view is never derived here from the all-hands one.
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

  let view = root.dataset.view;
  let current = Number(root.dataset.step);
  let total = Number(root.dataset.steps);
  let drawn = current; // the step whose board and panel are in the page
  let fragments = new Map(); // the fetched steps of `view`: number -> <template>
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
          if (drawn !== current) {
            draw(current);
          }
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

  function draw(number) {
    const template = fragments.get(number);
    if (!template) {
      root.querySelector(".board").setAttribute("aria-busy", "true");
      fetchStep(number);
      return;
    }
    const step = document.importNode(template.content, true);
    root.querySelector(".board").replaceWith(step.querySelector(".board"));
    document.getElementById("step-info").replaceWith(step.querySelector("#step-info"));
    drawn = number;
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
    window.history.replaceState(null, "", url);
  }

  function show(number) {
    current = Math.min(Math.max(number, 0), lastStep());
    root.dataset.step = String(current);
    slider.value = String(current);
    stepOutput.textContent = String(current);
    buttons.start.disabled = buttons.back.disabled = current === 0;
    buttons.forward.disabled = buttons.end.disabled = current === lastStep();
    if (drawn !== current) {
      draw(current);
    }
    fetchStep(current + AHEAD);
    fetchStep(current - AHEAD);
    markCurrentEvents();
    keepInUrl();
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
    if (current < lastStep()) {
      show(current + 1);
    } else if (root.dataset.status !== "running") {
      stop();
    }
  }

  function play() {
    if (current === lastStep() && root.dataset.status !== "running") {
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

  async function loadView(wanted) {
    loading.abort();
    loading = new AbortController();
    const { signal } = loading;
    try {
      const first = current - (current % BATCH);
      const [events, steps] = await Promise.all([
        fetchFragment(fragmentUrl("events", wanted), signal),
        fetchFragment(fragmentUrl("steps", wanted, { first, count: BATCH }), signal),
      ]);
      // A running game may have gone on since the page was drawn at its newest step.
      const wasFollowing = following();
      view = events.dataset.view;
      fragments = new Map();
      fetching = new Map();
      keep(steps);
      root.dataset.view = view;
      viewSelect.value = view;
      viewDownload.href = replayUrl(view);
      viewDownload.download = `game-${gameId}-${view}.json`;
      eventList.replaceChildren(...events.children);
      itemsByStep = indexItems();
      setTotal(Number(events.dataset.steps));
      tell("");
      setStatus(events.dataset.status);
      drawn = null;
      show(wasFollowing ? lastStep() : current);
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
  buttons.back.addEventListener("click", () => show(current - 1));
  buttons.forward.addEventListener("click", () => show(current + 1));
  buttons.end.addEventListener("click", () => show(lastStep()));
  buttons.play.addEventListener("click", togglePlay);
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
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) {
      return;
    }
    if (event.target.closest?.("input, select, textarea, button, [contenteditable]")) {
      return;
    }
    const moves = {
      ArrowLeft: () => show(current - 1),
      ArrowRight: () => show(current + 1),
      Home: () => show(0),
      End: () => show(lastStep()),
      " ": togglePlay,
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      move();
    }
  });

  buttons.play.disabled = false;
  fetchStep(current);
  show(current);
  if (root.dataset.status === "running") {
    tell("Following the game as it is played.");
    window.setTimeout(follow, FOLLOW_EVERY_MS);
  }
})();
