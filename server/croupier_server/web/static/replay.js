// The replay player of a game page (templates/game.html).
//
// It loads the steps of one view from /api/games/{id}/replay?view=V, steps through them
// (buttons, slider, keyboard, event list, play at a chosen speed), keeps the view and the
// step in the URL, and follows a running game with ?since=N. A view is always fetched from
// the server: a seat's view is never derived here from the all-hands data.
//
// It draws what the templates draw (_replay_pieces.html, _replay_lexio.html,
// _replay_cribbage.html, _replay_step.html, _replay_events.html): change them together.
"use strict";

(() => {
  const root = document.getElementById("replay");
  if (!root) {
    return;
  }

  const TILE_SYMBOLS = { sun: "☀", moon: "☾", star: "★", cloud: "☁" };
  const CARD_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
  const CARD_SUITS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
  const FOLLOW_EVERY_MS = 1500;

  const gameId = root.dataset.gameId;
  const game = root.dataset.game;
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
  let steps = []; // the loaded steps of `view`, by number
  let playing = null; // the interval that plays
  let loading = null; // the AbortController of the view being loaded
  let itemsByStep = indexItems();

  // Drawing pieces

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) {
      node.className = className;
    }
    if (text !== undefined) {
      node.textContent = text;
    }
    return node;
  }

  function faceDown(kind) {
    return element("span", `${kind} hidden`);
  }

  function tile(text) {
    const suit = text.replace(/[0-9]+$/, "");
    const number = text.slice(suit.length);
    const piece = element("span", `tile suit-${suit}`);
    piece.dataset.tile = text;
    piece.title = `${suit} ${number}`;
    const symbol = element("span", "symbol", TILE_SYMBOLS[suit] ?? "?");
    symbol.setAttribute("aria-hidden", "true");
    piece.append(element("span", "number", number), symbol);
    return piece;
  }

  function card(text) {
    const rank = text.slice(0, -1) === "T" ? "10" : text.slice(0, -1);
    const suit = text.slice(-1);
    const piece = element("span", `card suit-${suit}`);
    piece.dataset.card = text;
    piece.title = `${rank} of ${CARD_SUITS[suit] ?? suit}`;
    const symbol = element("span", "symbol", CARD_SYMBOLS[suit] ?? "?");
    symbol.setAttribute("aria-hidden", "true");
    piece.append(element("span", "rank", rank), symbol);
    return piece;
  }

  function pieces(kind, faces) {
    return faces.map((face) => {
      if (face === null) {
        return faceDown(kind);
      }
      return kind === "tile" ? tile(face) : card(face);
    });
  }

  function hand(kind, faces, size) {
    const node = element("div", "hand");
    node.append(...(faces === null ? Array.from({ length: size }, () => faceDown(kind)) : pieces(kind, faces)));
    return node;
  }

  function latency(ms) {
    return element("span", "latency", `${ms < 10 ? ms.toFixed(1) : ms.toFixed(0)} ms`);
  }

  function labelled(tag, className, label, ...content) {
    const node = element(tag, className);
    node.append(element("span", "label", label), " ", ...content);
    return node;
  }

  // The table of each game

  const lexio = {
    area(table) {
      const area = element("div", "table-area lexio");
      area.append(
        element("p", "round", `Round ${table.round_number} · seat ${table.starting_seat} held cloud 3 and led`),
      );
      if (table.table.length) {
        const play = element("div", "play-to-beat");
        const tiles = element("div", "tiles");
        tiles.append(...pieces("tile", table.table));
        play.append(element("span", "label", `Seat ${table.table_seat} played a ${table.table_kind}`), tiles);
        area.append(play);
      } else if (table.to_act !== null) {
        area.append(element("p", "lead muted", `The table is clear: seat ${table.to_act} leads.`));
      } else {
        area.append(element("p", "lead muted", "The match is over."));
      }
      return area;
    },
    toAct(table, seat) {
      return table.to_act === seat;
    },
    seat(table, seat) {
      const state = element("div", "seat-state");
      const tally = element("p", "tally");
      const chips = element("span", "chips score", String(table.chips[seat]));
      chips.dataset.seat = seat;
      tally.append(chips, ` chips · ${table.hand_sizes[seat]} tiles`);
      if (table.to_act === seat) {
        tally.append(" · ", element("strong", "marker", "to act"));
      }
      state.append(tally, hand("tile", table.hands[seat], table.hand_sizes[seat]));
      return state;
    },
  };

  const cribbage = {
    area(table) {
      const area = element("div", "table-area cribbage");
      area.append(element("p", "round", `Game ${table.game_number}, hand ${table.hand_number} · ${table.phase}`));
      if (table.grid.length) {
        const grid = element("div", "grid");
        for (const cell of table.grid) {
          const slot = element("span", "cell");
          if (cell !== null) {
            slot.append(card(cell));
          }
          grid.append(slot);
        }
        area.append(grid, labelled("div", "turned", "To place", table.turned ? card(table.turned) : element("span", "muted", "nothing")));
      }
      area.append(labelled("div", "starter", "Starter", table.starter ? card(table.starter) : faceDown("card")));
      if (!table.grid.length) {
        const countCards = element("span", "cards");
        countCards.append(...pieces("card", table.count_cards));
        const count = labelled("div", "count", "Count", element("strong", "count-value", String(table.count)), " ", countCards);
        if (table.goes.length) {
          count.append(" ", element("span", "goes muted", `go: ${table.goes.map((seat) => `seat ${seat}`).join(", ")}`));
        }
        const cribCards = element("span", "cards");
        cribCards.append(...pieces("card", table.crib));
        area.append(count, labelled("div", "crib", `Crib of seat ${table.dealer}`, cribCards));
      }
      if (table.shown.length) {
        const shown = element("ul", "shown");
        for (const show of table.shown) {
          const item = element("li");
          item.append(
            element("span", "label", `Seat ${show.owner} ${show.label}`),
            " ",
            ...pieces("card", show.cards),
            " + ",
            card(show.starter),
            " ",
            element("strong", "", String(show.points)),
          );
          shown.append(item);
        }
        area.append(shown);
      }
      return area;
    },
    toAct(table, seat) {
      return table.to_act.includes(seat);
    },
    seat(table, seat) {
      const state = element("div", "seat-state");
      const tally = element("p", "tally");
      const score = element("span", "score", String(table.scores[seat]));
      score.dataset.seat = seat;
      tally.append(score, ` of ${table.target}`);
      if (table.match_points > 1) {
        tally.append(` · ${table.game_points[seat]} game points`);
      }
      if (table.dealer === seat) {
        tally.append(" · dealer");
      }
      if (table.to_act.includes(seat)) {
        tally.append(" · ", element("strong", "marker", "to act"));
      }
      const pegs = element("meter", "pegs");
      pegs.min = 0;
      pegs.max = table.target;
      pegs.value = table.scores[seat];
      const played = element("div", "played");
      played.append(...pieces("card", table.played[seat]));
      state.append(tally, pegs, hand("card", table.hands[seat], table.hand_sizes[seat]), played);
      return state;
    },
  };

  const drawer = game === "lexio" ? lexio : cribbage;

  function drawTable(table) {
    root.querySelector(".table-area").replaceWith(drawer.area(table));
    for (const seatNode of root.querySelectorAll(".seat[data-seat]")) {
      const seat = Number(seatNode.dataset.seat);
      seatNode.classList.toggle("to-act", drawer.toAct(table, seat));
      seatNode.querySelector(".seat-state").replaceWith(drawer.seat(table, seat));
    }
  }

  // The current step and the event list

  function faultText(fault) {
    const detail = fault.detail ? `: ${fault.detail}` : "";
    return `seat ${fault.seat} fault: ${fault.kind}${detail}`;
  }

  function faultLine(fault) {
    const line = element("p", "fault", `Seat ${fault.seat} fault: ${fault.kind}`);
    if (fault.detail) {
      line.append(": ", element("span", "detail", fault.detail));
    }
    return line;
  }

  function outputLines(heading, lines, kind) {
    const block = element("div", `output ${kind}`);
    const list = element("ol", "output-lines");
    for (const line of lines) {
      if (line.earlier_bytes_cut) {
        const cut = element("li", "cut", `seat ${line.seat}: (${line.earlier_bytes_cut.toLocaleString("en-US")} earlier bytes cut)`);
        cut.dataset.seat = line.seat;
        list.append(cut);
      }
      const item = element("li", line.stream);
      item.dataset.seat = line.seat;
      item.append(element("span", "source", `seat ${line.seat} ${line.stream}`), " ", element("span", "text", line.text));
      list.append(item);
    }
    block.append(element("p", "output-heading", heading), list);
    return block;
  }

  function drawStepInfo(step) {
    const info = element("div", "step-info");
    info.id = "step-info";
    if (step.action) {
      const action = step.action;
      const line = element("p", "step-action", `Seat ${action.seat}: ${action.text ?? "acted (hidden from this view)"}`);
      if (action.latency_ms !== null) {
        line.append(" ", latency(action.latency_ms));
      }
      if (action.decided_by !== "bot") {
        line.append(" ", element("span", "badge decided", action.decided_by));
      }
      info.append(line);
      if (action.comment) {
        const comment = element("p", "comment");
        comment.append(element("span", "label", `Seat ${action.seat} says`), " ", element("q", "", action.comment));
        info.append(comment);
      }
    } else {
      info.append(element("p", "step-action muted", "The deal, before any action."));
    }
    for (const fault of step.faults) {
      info.append(faultLine(fault));
    }
    const deciding = step.output.filter((line) => line.deciding);
    const after = step.output.filter((line) => !line.deciding);
    if (deciding.length) {
      info.append(outputLines(`Seat ${step.action.seat} wrote while deciding`, deciding, "deciding"));
    }
    if (after.length) {
      const heading = step.number < lastStep() ? "Written before the next action" : "Written after the last action";
      info.append(outputLines(heading, after, "after"));
    }
    document.getElementById("step-info").replaceWith(info);
  }

  function stepHref(number) {
    return `?view=${encodeURIComponent(view)}&step=${number}`;
  }

  function eventItems(step) {
    const items = [];
    const add = (kind, ...content) => {
      const item = element("li", kind);
      item.dataset.step = step.number;
      if (!items.length) {
        item.append(element("span", "step-number", String(step.number)));
        if (step.action && step.action.latency_ms !== null) {
          item.append(latency(step.action.latency_ms));
        }
        if (step.action && step.action.decided_by !== "bot") {
          item.append(element("span", "badge decided", step.action.decided_by));
        }
      }
      const link = element("a");
      link.href = stepHref(step.number);
      link.append(...content);
      item.append(link);
      items.push(item);
    };
    for (const fault of step.faults) {
      add("fault", faultText(fault));
    }
    for (const event of step.events) {
      if (event.visible_to === null) {
        add("event", event.text);
      } else {
        add("event private", event.text, " ", element("span", "only", `(seat ${event.visible_to} only)`));
      }
    }
    if (step.action && !step.events.length) {
      add("action", `seat ${step.action.seat}: ${step.action.text ?? "acts"}`);
    }
    return items;
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

  function appendEvents(newSteps) {
    for (const step of newSteps) {
      const items = eventItems(step);
      eventList.append(...items);
      itemsByStep.set(step.number, items);
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
    const step = steps[current];
    if (step) {
      drawTable(step.table);
      drawStepInfo(step);
    }
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

  // Loading a view and following a running game

  function replayUrl(forView, since) {
    const query = new URLSearchParams({ view: forView });
    if (since) {
      query.set("since", String(since));
    }
    return `/api/games/${gameId}/replay?${query}`;
  }

  async function fetchReplay(url, signal) {
    const response = await fetch(url, { headers: { Accept: "application/json" }, signal });
    const body = await response.json();
    if (!response.ok) {
      throw new Error(typeof body.detail === "string" ? body.detail : `error ${response.status}`);
    }
    return body;
  }

  async function loadView(wanted) {
    loading?.abort();
    const controller = new AbortController();
    loading = controller;
    try {
      const replay = await fetchReplay(replayUrl(wanted), controller.signal);
      // A running game may have gone on since the page was drawn at its newest step.
      const wasFollowing = following();
      view = replay.view;
      steps = replay.steps;
      root.dataset.view = view;
      viewSelect.value = view;
      viewDownload.href = replayUrl(view);
      viewDownload.download = `game-${gameId}-${view}.json`;
      eventList.replaceChildren();
      itemsByStep = new Map();
      appendEvents(steps);
      setTotal(replay.steps_total);
      buttons.play.disabled = false;
      tell("");
      setStatus(replay.status);
      show(wasFollowing ? lastStep() : current);
    } catch (error) {
      if (error.name !== "AbortError") {
        viewSelect.value = view;
        tell(`The steps of this view could not be loaded: ${error.message}`);
      }
    } finally {
      if (loading === controller) {
        loading = null;
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
    if (!steps.length) {
      await loadView(view);
    } else if (loading === null) {
      try {
        const wasFollowing = following();
        const replay = await fetchReplay(replayUrl(view, steps.length));
        const fresh = replay.steps.filter((step) => step.number >= steps.length);
        steps.push(...fresh);
        appendEvents(fresh);
        setTotal(replay.steps_total);
        if (replay.status === "running") {
          tell("Following the game as it is played.");
        }
        setStatus(replay.status);
        show(wasFollowing ? lastStep() : current);
      } catch (error) {
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

  loadView(view).then(() => {
    if (root.dataset.status === "running") {
      tell("Following the game as it is played.");
      window.setTimeout(follow, FOLLOW_EVERY_MS);
    }
  });
})();
