// Keeps a running tournament's progress current without reloading the page: every 2 s it
// reads the progress JSON named by the section's data-live-progress and updates the bar, the
// counts, the pace and the running games in place; once the tournament stops running it
// reloads the page a single time, so the standings and games are shown whole.
const INTERVAL_MS = 2000;

function watch(section) {
  const url = section.dataset.liveProgress;
  const timer = setInterval(async () => {
    let progress;
    try {
      const response = await fetch(url, { headers: { Accept: "application/json" } });
      if (!response.ok) return;
      progress = await response.json();
    } catch {
      return; // the server may be restarting: try again at the next tick
    }
    if (progress.status !== "running") {
      clearInterval(timer);
      window.location.reload();
      return;
    }
    show(section, progress);
  }, INTERVAL_MS);
}

function show(section, progress) {
  const field = (name) => section.querySelector(`[data-field="${name}"]`);
  field("finished").textContent = progress.finished;
  field("total").textContent = progress.total;
  field("aborted").textContent = progress.aborted;
  field("running-count").textContent = progress.running.length;
  field("games-per-hour").textContent =
    progress.games_per_hour === null ? "" : `${progress.games_per_hour.toFixed(1)} games an hour`;
  field("eta").textContent =
    progress.eta_minutes === null ? "" : `· about ${progress.eta_minutes} min left at that pace`;
  const bar = section.querySelector(".progress");
  bar.setAttribute("aria-valuenow", progress.finished);
  bar.setAttribute("aria-valuemax", progress.total);
  const share = progress.total ? (100 * progress.finished) / progress.total : 0;
  bar.firstElementChild.style.width = `${share}%`;
  field("running").replaceChildren(...progress.running.map(runningGame));
}

function runningGame(game) {
  // Built with textContent: bot names are supplied text, never markup.
  const item = document.createElement("li");
  const link = document.createElement("a");
  link.href = `/games/${game.id}`;
  link.textContent = `game ${game.id}`;
  const number = document.createElement("span");
  number.className = "muted";
  number.textContent = `#${game.schedule_number}`;
  const bots = game.seats.map((seat) => seat.bot).join(", ");
  item.append(link, " ", number, ` ${bots}`);
  return item;
}

const section = document.querySelector("[data-live-progress]");
if (section && section.dataset.status === "running") {
  watch(section);
}
