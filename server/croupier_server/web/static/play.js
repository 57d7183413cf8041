// A person's seat: the table as the seat sees it, kept live over server-sent events, and
// the legal actions of the decision asked. The person selects pieces of their own hand;
// only a selection that makes one of the referee's legal actions can be sent.
"use strict";

(() => {
  const script = document.currentScript;
  const secret = script.dataset.secret;
  const base = `/play/${secret}`;
  const $ = (id) => document.getElementById(id);
  const tableArea = $("play-table");
  const statusLine = $("play-status");
  const selectionLine = $("play-selection");
  const actionsArea = $("play-actions");
  const legalList = $("play-legal");
  const refusalLine = $("play-refusal");
  const clockLine = $("play-clock");
  const eventsList = $("play-events");
  const resultBox = $("play-result");
  const handOver = $("play-hand-over");
  const takeBack = $("play-take-back");
  const botInput = $("play-bot");

  let view = JSON.parse($("play-first").textContent);
  let receivedAt = performance.now();
  let selected = new Set();
  let sending = false;

  const sameSet = (pieces) =>
    pieces.length === selected.size && pieces.every((piece) => selected.has(piece));

  const ownPieces = () =>
    Array.from(
      tableArea.querySelectorAll(
        `.seat[data-seat="${view.seat}"] .hand [data-tile], ` +
          `.seat[data-seat="${view.seat}"] .hand [data-card]`,
      ),
    );

  const faceOf = (element) => element.dataset.tile || element.dataset.card;

  const canChoose = () => view.request_id !== null && view.state === "person" && !sending;

  function drawTable() {
    // The table is HTML the server drew (its text escaped there), parsed as a document.
    const drawn = new DOMParser().parseFromString(view.table, "text/html");
    tableArea.replaceChildren(...drawn.body.childNodes);
    const playable = new Set(view.actions.flatMap((action) => action.pieces));
    for (const piece of ownPieces()) {
      const face = faceOf(piece);
      if (!canChoose() || !playable.has(face)) {
        selected.delete(face);
        continue;
      }
      piece.classList.add("choosable");
      piece.tabIndex = 0;
      piece.setAttribute("role", "button");
      piece.setAttribute("aria-label", `${piece.title || face}, select`);
      piece.setAttribute("aria-pressed", String(selected.has(face)));
      if (selected.has(face)) piece.classList.add("selected");
      piece.addEventListener("click", () => toggle(face));
      piece.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          toggle(face);
        }
      });
    }
  }

  function toggle(face) {
    if (selected.has(face)) selected.delete(face);
    else selected.add(face);
    drawTable();
    drawActions();
    const again = ownPieces().find((piece) => faceOf(piece) === face);
    if (again) again.focus();
  }

  function button(text, onClick, className) {
    const element = document.createElement("button");
    element.type = "button";
    element.textContent = text;
    if (className) element.className = className;
    element.addEventListener("click", onClick);
    return element;
  }

  function drawLegal() {
    legalList.replaceChildren();
    if (!canChoose()) return;
    for (const action of view.actions.filter((each) => each.pieces.length > 0)) {
      const item = document.createElement("li");
      const pick = button(action.text, () => {
        selected = new Set(action.pieces);
        drawTable();
        drawActions();
      });
      pick.dataset.pieces = action.pieces.join(" ");
      pick.title = "select these pieces";
      item.append(pick);
      legalList.append(item);
    }
  }

  let describing = 0;

  // What the selection makes, as the game's rules say (Lexio: the combination, and whether
  // it beats the table); kept only if the selection has not changed meanwhile.
  async function describe(generic) {
    const asked = ++describing;
    const pieces = [...selected];
    try {
      const response = await fetch(`/api${base}/describe`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ pieces }),
      });
      const text = response.ok ? (await response.json()).text : "";
      if (asked === describing && text) selectionLine.textContent = `${text}. ${generic}`;
    } catch (error) {
      // the generic line stays
    }
  }

  function drawActions() {
    actionsArea.replaceChildren();
    if (!canChoose()) {
      selectionLine.textContent = "";
      return;
    }
    const without = view.actions.filter((action) => action.pieces.length === 0);
    const matching = view.actions.filter(
      (action) => action.pieces.length > 0 && sameSet(action.pieces),
    );
    if (selected.size === 0) {
      selectionLine.textContent = "Select pieces of your hand to play them.";
    } else if (matching.length > 0) {
      selectionLine.textContent = `Legal: ${matching.map((action) => action.text).join(" or ")}.`;
      describe(selectionLine.textContent);
    } else {
      selectionLine.textContent = `${[...selected].join(" ")}: not a legal move now.`;
      describe(selectionLine.textContent);
    }
    for (const action of [...matching, ...without]) {
      actionsArea.append(
        button(action.text, () => send(action.number), "play-action"),
      );
    }
  }

  async function post(path, body) {
    const response = await fetch(`/api${base}/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body || {}),
    });
    if (!response.ok) {
      let detail = response.statusText;
      try {
        detail = (await response.json()).detail || detail;
      } catch (error) {
        // an error page, not JSON: its status says enough
      }
      throw new Error(detail);
    }
  }

  function showRefusal(text) {
    refusalLine.textContent = text;
    refusalLine.hidden = !text;
  }

  async function send(number) {
    sending = true;
    drawActions();
    try {
      await post("act", { request_id: view.request_id, action: number });
      selected = new Set();
      showRefusal("");
    } catch (error) {
      showRefusal(error.message);
    } finally {
      sending = false;
      drawTable();
      drawActions();
      drawLegal();
    }
  }

  function statusText() {
    const names = view.stand_in ? ` (${view.stand_in})` : "";
    switch (view.state) {
      case "starting":
        return "The table is being set: the bots are starting.";
      case "bot":
        return `A bot${names} plays your seat. Take it back whenever you like.`;
      case "forfeited":
        return "Your seat is forfeited: the referee plays it to the end.";
      case "over":
        return "The game is over.";
      default:
        return view.request_id !== null ? "Your turn." : "The others are playing…";
    }
  }

  function drawClock() {
    if (view.request_id === null || view.time_left_ms === null || view.state !== "person") {
      clockLine.textContent = "";
      return;
    }
    const spent = view.asked_ago_ms + (performance.now() - receivedAt);
    const left = Math.max(0, view.time_left_ms - spent);
    const seconds = Math.ceil(left / 1000);
    clockLine.textContent = `Time left: ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  }

  function draw() {
    statusLine.textContent = [statusText(), view.detail].filter(Boolean).join(" ");
    statusLine.dataset.state = view.state;
    statusLine.dataset.request = view.request_id === null ? "" : String(view.request_id);
    statusLine.dataset.step = String(view.step);
    showRefusal(view.refusal ? `The referee refused your last move: ${view.refusal}` : "");
    eventsList.replaceChildren(
      ...view.events.map((text) => {
        const item = document.createElement("li");
        item.textContent = text;
        return item;
      }),
    );
    if (view.result) {
      resultBox.textContent = `Result: ${view.result}`;
      resultBox.hidden = false;
    }
    handOver.hidden = view.state !== "person";
    botInput.closest("label").hidden = view.state !== "person";
    takeBack.hidden = view.state !== "bot";
    drawTable();
    drawActions();
    drawLegal();
    drawClock();
  }

  handOver.addEventListener("click", async () => {
    try {
      await post("hand-over", { bot: botInput.value.trim() || null });
      showRefusal("");
    } catch (error) {
      showRefusal(error.message);
    }
  });
  takeBack.addEventListener("click", async () => {
    try {
      await post("take-back");
      showRefusal("");
    } catch (error) {
      showRefusal(error.message);
    }
  });

  const events = new EventSource(`${base}/events`);
  events.onmessage = (message) => {
    view = JSON.parse(message.data);
    statusLine.dataset.live = "true"; // the server counts this page as following the seat
    receivedAt = performance.now();
    draw();
    if (view.state === "over") events.close();
  };
  events.onerror = () => {
    delete statusLine.dataset.live;
    if (view.state !== "over" && events.readyState === EventSource.CLOSED) {
      statusLine.textContent = "The table is gone (it is over, or the server stopped).";
    }
  };
  setInterval(drawClock, 500);
  draw();
})();
