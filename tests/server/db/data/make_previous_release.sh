#!/usr/bin/env bash
# Fill a database the way the previous release did, with its own code and its example bots.
#
#   make_previous_release.sh CHECKOUT PYTHON URL REPORT
#
# CHECKOUT: a checkout of the previous release (git worktree add /tmp/prev-release <commit>);
# PYTHON: an interpreter with its dependencies (the repository's .venv/bin/python);
# URL: an empty database (sqlite:///... or postgresql://...);
# REPORT: where to write what the previous release says of it (JSON: its ratings and
# tournaments, as `croupier ratings --json` and `croupier tournament show --json` print them).
# It registers bots (the examples, a slow one, a remote one, one that crashes), plays a
# small Lexio tournament, two matches that fault (a crash with output, a connect timeout), a
# tournament stopped by SIGTERM in its second game then resumed, and one killed by SIGKILL in
# its second game, which stays running with its tournament.
set -euo pipefail
checkout=$(realpath "$1")
python=$2
export CROUPIER_DATABASE_URL=$3
report=$4
export PYTHONPATH="$checkout/sdk:$checkout/server"
croupier=("$python" -c 'import sys; from croupier_server.cli import main; sys.exit(main(sys.argv[1:]))')
bot="env PYTHONPATH=$checkout/sdk $python"

for name in lexio_random lexio_greedy lexio_strong; do
    "${croupier[@]}" bot add "$name" --game lexio --command "$bot $checkout/examples/$name.py"
done
for name in cribbage_random cribbage_greedy; do
    "${croupier[@]}" bot add "$name" --game cribbage --memory-mb 512 \
        --command "$bot $checkout/examples/$name.py"
done
"${croupier[@]}" bot add cribbage_slow --game cribbage \
    --command "$bot $(dirname "$(realpath "$0")")/slow_cribbage_bot.py"
"${croupier[@]}" bot add faraway --game lexio --remote --description "a remote bot"
"${croupier[@]}" bot add broken --game cribbage --description "crashes at once" --command \
    "$python -c \"import sys; print('broken: starting', file=sys.stderr); print('broken: about to fail'); raise RuntimeError('boom')\""

"${croupier[@]}" tournament run --game lexio --players 3 --rounds 1 --deals 1 --seed 11 \
    --bots lexio_random,lexio_greedy,lexio_strong --concurrency 2
"${croupier[@]}" match --game cribbage --variant five-card --match-points 1 --seed 13 \
    --bot broken --bot cribbage_greedy
"${croupier[@]}" match --game lexio --players 4 --rounds 1 --seed 14 --connect-ms 3000 \
    --bot lexio_strong --bot faraway --bot lexio_greedy --bot lexio_random

# how many actions of running games are stored (the referee stores them as they come)
running_actions() {
    "$python" -c 'import sys, sqlalchemy as sa
url = sa.make_url(sys.argv[1])
if url.drivername == "postgresql": url = url.set(drivername="postgresql+psycopg")
query = "SELECT count(*) FROM action JOIN game ON game.id = action.game_id"
with sa.create_engine(url).connect() as connection:
    print(connection.exec_driver_sql(query + " WHERE game.status = '"'running'"'").scalar())
' "$CROUPIER_DATABASE_URL"
}
# once the second game is under way: played one game at a time, the first is over
second_game_under_way() {
    until grep -q "^1/2 games" "$log" && [ "$(running_actions)" -gt 20 ]; do
        kill -0 "$pid"
        sleep 0.1
    done
}

log=$(mktemp)
# stopped: its running game is aborted; resumed: played again
"${croupier[@]}" tournament run --game cribbage --match-points 1 --deals 1 --seed 15 \
    --bots cribbage_slow,cribbage_random --concurrency 1 >"$log" 2>&1 & pid=$!
second_game_under_way
kill -TERM "$pid"
wait "$pid" || true
"${croupier[@]}" tournament resume 2
# killed: its running game stays running, the tournament too
"${croupier[@]}" tournament run --game cribbage --match-points 1 --deals 1 --seed 16 \
    --bots cribbage_slow,cribbage_random --concurrency 1 >"$log" 2>&1 & pid=$!
second_game_under_way
kill -KILL "$pid"
wait "$pid" || true
rm "$log"

"$python" - "$report" <<'EOF'
import contextlib, io, json, sys
from croupier_server.cli import main

def printed(*argv):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main([*argv, "--json"]) == 0
    return json.loads(out.getvalue())

report = {
    "ratings": {game: printed("ratings", "--game", game) for game in ("lexio", "cribbage")},
    "tournaments": [printed("tournament", "show", str(number)) for number in (1, 2, 3)],
}
with open(sys.argv[1], "w") as file:
    json.dump(report, file, indent=1)
    file.write("\n")
EOF
