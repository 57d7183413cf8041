#!/usr/bin/env node
// A croupier bot in JavaScript that plays Lexio and cribbage, straight from the .proto files.
//
// It speaks version 2 of the contract of proto/croupier/proto/v1/referee.proto with
// @grpc/grpc-js: it connects to CROUPIER_ADDRESS (over TLS when it is tls://host:port, the
// referee's certificate verified against CROUPIER_CA_FILE or Node's roots), says Hello with
// CROUPIER_TOKEN and the
// games it plays, and answers every DecisionRequest with one of its legal actions, echoed
// back as received, and a comment (ActionReply.comment) saying why, which the replay shows.
// Its events come batched in DecisionRequest.events and GameOver.events (it does not ask
// for live GameEvent messages): it counts them, and logs the count with each game's end.
//
// - Lexio: the weakest of the plays with the most tiles; a pass only when it cannot play.
// - Cribbage: lays away to keep the cards that score the most as they are; pegs the card
//   that scores the most at once; in cribbage square, takes the first legal place.
//
//     npm install --prefix examples/js
//     croupier bot add js --game lexio --command "node examples/js/bot.js"

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";

const PROTOCOL_VERSION = 2;
const GAMES = ["lexio", "cribbage"];
const BOT_NAME = "croupier-js-example";
const TLS_SCHEME = "tls://";
// What grpc-js's details say when the referee's certificate does not verify.
const CERTIFICATE_REFUSED = /certificate|altnames|Hostname\/IP/i;
// The contract: a proto/ directory beside this file (as a submitted bot ships it), else the
// repository's own.
const HERE = path.dirname(fileURLToPath(import.meta.url));
const PROTO_ROOT = fs.existsSync(path.join(HERE, "proto"))
  ? path.join(HERE, "proto")
  : path.resolve(HERE, "..", "..", "proto");

// Longs as strings: request ids are uint64, and a JavaScript number holds only 53 bits.
const LOADER_OPTIONS = {
  keepCase: true,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
  includeDirs: [PROTO_ROOT],
};

function log(line) {
  process.stderr.write(`js-bot: ${line}\n`);
}

function loadRefereeService() {
  const definition = protoLoader.loadSync("croupier/proto/v1/referee.proto", LOADER_OPTIONS);
  return grpc.loadPackageDefinition(definition).croupier.proto.v1.Referee;
}

// ---- Lexio ----------------------------------------------------------------------------

// The engine lists the plays by size then strength, then the pass: the first play of the
// largest size is the weakest of them. Answering, every play has the table's size.
function chooseLexio(actions) {
  const plays = actions.filter((action) => action.lexio.action === "play");
  if (plays.length === 0) {
    return { action: actions[0], comment: "no play beats the table" };
  }
  const most = Math.max(...plays.map((action) => action.lexio.play.tiles.length));
  const action = plays.find((candidate) => candidate.lexio.play.tiles.length === most);
  return { action, comment: `the weakest of ${plays.length} plays, ${most} tile(s)` };
}

// ---- Cribbage -------------------------------------------------------------------------

const cardValue = (card) => Math.min(card.rank, 10);
const sameCard = (a, b) => a.rank === b.rank && a.suit === b.suit;

function subsets(items) {
  return items.reduce((all, item) => all.concat(all.map((subset) => [...subset, item])), [[]]);
}

// The show points of cards without a starter: fifteens, pairs, runs and a flush of 4+.
function handPoints(cards) {
  const fifteens = subsets(cards.map(cardValue)).filter(
    (values) => values.length >= 2 && values.reduce((sum, value) => sum + value, 0) === 15,
  ).length;
  const counts = new Array(15).fill(0);
  for (const card of cards) {
    counts[card.rank] += 1;
  }
  const pairs = counts.reduce((sum, n) => sum + n * (n - 1), 0);
  let runs = 0;
  let length = 0;
  let ways = 1;
  for (let rank = 1; rank <= 14; rank += 1) {
    if (counts[rank] > 0) {
      length += 1;
      ways *= counts[rank];
      continue;
    }
    if (length >= 3) {
      runs += length * ways;
    }
    length = 0;
    ways = 1;
  }
  const flush = cards.length >= 4 && new Set(cards.map((card) => card.suit)).size === 1;
  return 2 * fifteens + pairs + runs + (flush ? cards.length : 0);
}

// What playing card scores at once on top of the cards of the current count.
function pegPoints(countCards, count, card) {
  const total = count + cardValue(card);
  let points = total === 15 || total === 31 ? 2 : 0;
  const stack = [...countCards, card];
  let same = 1;
  while (same < stack.length && stack[stack.length - 1 - same].rank === card.rank) {
    same += 1;
  }
  points += same * (same - 1);
  for (let size = stack.length; size >= 3; size -= 1) {
    const ranks = stack.slice(-size).map((c) => c.rank);
    const distinct = new Set(ranks).size === size;
    if (distinct && Math.max(...ranks) - Math.min(...ranks) === size - 1) {
      points += size;
      break;
    }
  }
  return points;
}

// The action that scores the most, and a comment saying what it scores ("keeps 8 points").
function best(actions, score, saying) {
  let chosen = actions[0];
  let top = -Infinity;
  for (const action of actions) {
    const points = score(action);
    if (points > top) {
      chosen = action;
      top = points;
    }
  }
  return { action: chosen, comment: `${saying} ${top} point(s), best of ${actions.length}` };
}

function chooseCribbage(observation, actions) {
  const kind = actions[0].cribbage.action;
  if (kind === "discard") {
    const kept = (action) => {
      const away = action.cribbage.discard.cards;
      return handPoints(observation.hand.filter((card) => !away.some((a) => sameCard(a, card))));
    };
    return best(actions, kept, "keeps");
  }
  if (kind === "peg") {
    const count = observation.count;
    const pegged = (action) => pegPoints(observation.count_cards, count, action.cribbage.peg.card);
    return best(actions, pegged, "pegs");
  }
  return { action: actions[0], comment: "the first free place" };
}

// ---- The session ----------------------------------------------------------------------

// The action chosen and a comment saying why: { action, comment }.
function choose(decision) {
  const actions = decision.legal_actions;
  const observation = decision.observation;
  try {
    if (observation.game === "lexio") {
      return chooseLexio(actions);
    }
    if (observation.game === "cribbage") {
      return chooseCribbage(observation.cribbage, actions);
    }
  } catch (error) {
    log(`policy failed (${error.message}); playing the first legal action`);
  }
  return { action: actions[0], comment: "the first legal action" };
}

// Where to connect and how: TLS for tls://host:port, the certificate verified against the
// authorities of CROUPIER_CA_FILE (else Node's roots); plaintext for host:port and unix:.
// Throws, with a one-line message, when the CA file cannot be read.
function channel(address) {
  if (!address.startsWith(TLS_SCHEME)) {
    return { target: address, credentials: grpc.credentials.createInsecure() };
  }
  const caFile = process.env.CROUPIER_CA_FILE;
  let roots = null;
  if (caFile) {
    try {
      roots = fs.readFileSync(caFile);
    } catch (error) {
      throw new Error(`cannot read CROUPIER_CA_FILE=${caFile}: ${error.message}`);
    }
  }
  const target = address.slice(TLS_SCHEME.length);
  return { target, credentials: grpc.credentials.createSsl(roots) };
}

function describe(error, address) {
  // grpc-js wraps the reason a connection failed in words of its own.
  const reason = error.details
    .replace(/^No connection established\. Last error: (Error( \[\w+\])?: )?/, "")
    .replace(/\.? Resolution note:.*$/, "");
  if (error.code === grpc.status.UNAVAILABLE && CERTIFICATE_REFUSED.test(reason)) {
    const trusted = process.env.CROUPIER_CA_FILE ?? "Node's roots";
    return `the referee's certificate at ${address} does not verify against ${trusted}: ${reason}`;
  }
  if (error.code === grpc.status.UNAVAILABLE) {
    return `cannot reach the referee at ${address}: ${reason}`;
  }
  const name = grpc.status[error.code] ?? `code ${error.code}`;
  return `the referee ended the session (${name}): ${error.details}`;
}

function main() {
  const address = process.env.CROUPIER_ADDRESS;
  const token = process.env.CROUPIER_TOKEN;
  if (!address || !token) {
    log("set CROUPIER_ADDRESS and CROUPIER_TOKEN (the referee does this for the bots it starts)");
    process.exitCode = 2;
    return;
  }
  let connection;
  try {
    connection = channel(address);
  } catch (error) {
    log(error.message);
    process.exitCode = 1;
    return;
  }
  const Referee = loadRefereeService();
  const client = new Referee(connection.target, connection.credentials);
  const stream = client.Connect();
  const seats = new Map();
  // Per game: the events that came batched, and any that came as GameEvent messages (none,
  // since the Hello does not ask for live_events).
  const events = new Map();
  const countEvents = (gameId, batched, live) => {
    const seen = events.get(gameId) ?? { batched: 0, live: 0 };
    events.set(gameId, { batched: seen.batched + batched, live: seen.live + live });
  };

  stream.on("data", (message) => {
    switch (message.message) {
      case "game_start": {
        const start = message.game_start;
        seats.set(start.game_id, start.seat);
        countEvents(start.game_id, 0, 0);
        log(`game ${start.game_id}: ${start.rules.game}, seat ${start.seat}`);
        break;
      }
      case "decision": {
        const decision = message.decision;
        countEvents(decision.game_id, decision.events.length, 0);
        const { action, comment } = choose(decision);
        stream.write({ action: { request_id: decision.request_id, action, comment } });
        break;
      }
      case "event":
        countEvents(message.event.game_id, 0, 1);
        break;
      case "action_refused":
        log(`action refused: ${message.action_refused.reason}`);
        break;
      case "game_over": {
        const over = message.game_over;
        countEvents(over.game_id, over.events.length, 0);
        const seat = seats.get(over.game_id);
        const { scores, places } = over.result;
        const seen = events.get(over.game_id);
        log(
          `game ${over.game_id} over: place ${places[seat]}, score ${scores[seat]} ` +
            `(${over.seat_status}); events: ${seen.batched} batched, ${seen.live} live`,
        );
        seats.delete(over.game_id);
        events.delete(over.game_id);
        break;
      }
      default:
        break;
    }
  });
  // A non-OK status comes as an "error" and then a "status"; OK as a "status" only.
  stream.on("error", () => {});
  stream.on("status", (status) => {
    stream.end();
    client.close();
    if (status.code !== grpc.status.OK) {
      log(describe(status, address));
      process.exitCode = 1;
    }
  });

  stream.write({
    hello: {
      token,
      bot_name: BOT_NAME,
      protocol_version: PROTOCOL_VERSION,
      sdk: "grpc-js",
      games: GAMES,
    },
  });
}

main();
