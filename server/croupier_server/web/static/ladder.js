// Keeps an open ladder's page current without reloading it: every 3 s it fetches the live
// part of the page (the URL in #live's data-live-url, rendered by the server as the page
// renders it) and puts it in place; once the ladder is closed it reloads the page once.
const INTERVAL_MS = 3000;

function watch(live) {
  const url = live.dataset.liveUrl;
  const timer = setInterval(async () => {
    let response;
    try {
      response = await fetch(url, { headers: { Accept: "text/html" } });
    } catch {
      return; // the server may be restarting: try again at the next tick
    }
    if (!response.ok) return;
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
    live.replaceChildren(...fresh.body.childNodes);
    if (live.querySelector("[data-closed]")) {
      clearInterval(timer);
      window.location.reload();
    }
  }, INTERVAL_MS);
}

const live = document.querySelector("#live[data-live-url]");
if (live && live.dataset.status === "open") {
  watch(live);
}
