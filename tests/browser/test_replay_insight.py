"""Why a bot lost, in Chromium: moments as frames, the decision inspector, the timeline, jumps.

What the page draws is compared with the rules engine replaying the stored game: the
round-end and show frames with the events the engine produced at their steps (and its
payments and show combinations), the inspector with the engine's observation and legal
actions before the action, the jumps with the replay API's timeline.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from croupier.games import Event
from croupier.games.cribbage import CribShown, HandShown, show_combinations
from croupier.games.lexio import RoundEnded, payments
from tests.browser.stored_games import StoredGames, StoredReplay, load_stored_replay
from tests.browser.viewer import Viewer, expected_hands
from tests.web.filling import FilledDatabase

pytestmark = pytest.mark.browser


def events_at(replay: StoredReplay, step: int) -> list[Event]:
    """The events the engine produced at ``step``."""
    before = len(replay.state_at(step - 1).events)
    return list(replay.state_at(step).events[before:])


def moment_steps(replay: StoredReplay) -> list[int]:
    """The steps at which a round was settled or a hand shown."""
    state = replay.rules.new_state(replay.seed)
    found = []
    for number, (seat, text) in enumerate(replay.actions, start=1):
        seen = len(state.events)
        state.apply(seat, replay.rules.parse_action(text))
        if any(isinstance(e, RoundEnded | HandShown) for e in state.events[seen:]):
            found.append(number)
    return found


def replay_json(page: Page, base_url: str, game_id: int, view: str) -> dict[str, Any]:
    response = page.request.get(f"{base_url}/api/games/{game_id}/replay?view={view}")
    assert response.ok
    body: dict[str, Any] = response.json()
    return body


def texts(page: Page, selector: str) -> list[str]:
    found: list[str] = page.locator(selector).evaluate_all(
        "nodes => nodes.map(node => node.dataset.tile ?? node.dataset.card)"
    )
    return found


@pytest.fixture
def lexio(stored_games: StoredGames, filled_database: FilledDatabase) -> StoredReplay:
    return load_stored_replay(filled_database.url, stored_games.lexio)


@pytest.fixture
def cribbage(stored_games: StoredGames, filled_database: FilledDatabase) -> StoredReplay:
    return load_stored_replay(filled_database.url, stored_games.cribbage)


def test_a_lexio_round_end_is_a_frame_of_its_own_before_the_next_deal(
    page: Page, dashboard_url: str, lexio: StoredReplay
) -> None:
    step = moment_steps(lexio)[0]
    (ended,) = [event for event in events_at(lexio, step) if isinstance(event, RoundEnded)]
    viewer = Viewer(page, dashboard_url, lexio.game_id)
    viewer.page.goto(f"{dashboard_url}/games/{lexio.game_id}?step={step - 1}")
    viewer.control("forward").click()
    viewer.expect_step(step, "moment")
    for seat, hand in enumerate(ended.hands):
        row = page.locator(f".round-seats tr[data-seat='{seat}']")
        assert sorted(texts(page, f".round-seats tr[data-seat='{seat}'] .tile")) == sorted(
            str(tile) for tile in hand
        )
        expect(row.locator(".count")).to_contain_text(str(ended.counts[seat]))
        expect(row.locator(".balance")).to_have_text(str(ended.balances[seat]))
    drawn = page.locator(".payments li").evaluate_all(
        "items => items.map(item => [item.dataset.payer, item.dataset.payee,"
        " item.querySelector('.chips').textContent])"
    )
    assert drawn == [[str(p.payer), str(p.payee), str(p.chips)] for p in payments(ended.counts)]
    # Not one tile of the next deal is drawn in the round's frame.
    expect(page.locator(".board .seat .hand .tile")).to_have_count(0)

    viewer.control("forward").click()
    viewer.expect_step(step, "table")
    expected = expected_hands(lexio.hands_at(step), "all")
    assert viewer.settle(viewer.hands, expected) == expected
    assert "frame" not in viewer.query()
    viewer.control("back").click()
    viewer.expect_step(step, "moment")
    assert viewer.query()["frame"] == "moment"


def test_a_cribbage_show_is_a_frame_marking_each_combination_with_the_pegging_board(
    page: Page, dashboard_url: str, cribbage: StoredReplay
) -> None:
    step = moment_steps(cribbage)[1]
    shows = [e for e in events_at(cribbage, step) if isinstance(e, HandShown | CribShown)]
    viewer = Viewer(page, dashboard_url, cribbage.game_id)
    viewer.page.goto(f"{dashboard_url}/games/{cribbage.game_id}?step={step}&frame=moment")
    viewer.expect_step(step, "moment")
    sections = page.locator(".shown-hand")
    expect(sections).to_have_count(len(shows))
    for index, show in enumerate(shows):
        section = sections.nth(index)
        assert section.get_attribute("data-owner") == str(show.seat)
        expect(section.locator("h2 .points")).to_have_text(str(show.points))
        cards = section.locator(".show-cards .card").evaluate_all(
            "cards => cards.map(card => card.dataset.card)"
        )
        assert cards == [*map(str, show.cards), str(show.starter)]
        combos = show_combinations(show.cards, show.starter, crib=isinstance(show, CribShown))
        rows = section.locator("table.breakdown tbody tr").evaluate_all(
            "rows => rows.map(row => [row.dataset.kind,"
            " [...row.querySelectorAll('.card')].map(card => card.dataset.card)])"
        )
        assert rows == [[each.kind, [str(card) for card in each.cards]] for each in combos]
        # Each card names the combinations it is in, for eyes and for screen readers.
        for card in show.cards:
            kinds = [each.kind for each in combos if card in each.cards]
            label = section.locator(f".show-cards .card[data-card='{card}']").get_attribute(
                "aria-label"
            )
            assert label is not None
            assert label.endswith(": " + ", ".join(kinds)) if kinds else ":" not in label
    board = page.locator(".board svg.pegs")
    expect(board).to_have_attribute("role", "img")
    last = shows[-1]
    front = page.locator(f".board .peg.front[data-lane='{last.seat}']")
    expect(front).to_have_attribute("data-hole", str(last.score))
    expect(page.locator(".board .pegging .skunk-line")).to_have_count(3)
    expect(page.locator(".board .seat .hand .card")).to_have_count(0)

    viewer.control("forward").click()
    viewer.expect_step(step, "table")
    expect(page.locator(".board .table-area.cribbage .round")).to_contain_text("discard")
    expect(page.locator(".board .shown")).to_have_count(0)


def test_the_inspector_shows_what_the_deciding_seat_was_sent_and_only_to_who_may_see_it(
    page: Page, dashboard_url: str, cribbage: StoredReplay
) -> None:
    record = replay_json(page, dashboard_url, cribbage.game_id, "all")
    # The first discard: both seats are asked at once, from the deal.
    step = 1
    seat, text = cribbage.actions[step - 1]
    state = cribbage.state_at(0)
    observation = state.observation(seat)
    legal = [str(action) for action in state.legal_actions(seat)]
    action = record["steps"][step]["action"]

    viewer = Viewer(page, dashboard_url, cribbage.game_id)
    viewer.page.goto(f"{dashboard_url}/games/{cribbage.game_id}?step={step}&view=seat-{seat}")
    inspector = page.locator("#step-info .inspector")
    expect(inspector.locator("dd[data-field='hand']")).to_have_text(
        " ".join(str(card) for card in observation.hand)
    )
    expect(inspector.locator("ol.legal li")).to_have_count(len(legal))
    assert inspector.locator("ol.legal code").all_text_contents() == legal
    expect(inspector.locator("ol.legal li.chosen code")).to_have_text(text)
    expect(inspector.locator(".latency")).to_have_count(1)
    bank = f"{action['bank_left_ms']:,.0f} ms"
    expect(inspector.locator(".bank-left")).to_contain_text(bank)
    expect(inspector.locator(".time-left")).to_contain_text(f"{action['time_left_ms']:,.0f} ms")

    # The other seat's view, at the same decision: nothing it was sent, none of its cards.
    other = 1 - seat
    viewer.page.goto(f"{dashboard_url}/games/{cribbage.game_id}?step={step}&view=seat-{other}")
    expect(inspector.locator(".hidden-decision")).to_have_count(1)
    expect(inspector.locator(".observation, ol.legal")).to_have_count(0)
    shown = page.locator("#step-info").inner_text().split()
    assert not {str(card) for card in observation.hand} & set(shown)
    # Moving on through the player, the other seat's decisions stay closed to it.
    viewer.control("forward").click()
    viewer.expect_step(step + 1)
    seat_of_next = cribbage.actions[step][0]
    expect(inspector.locator(".observation")).to_have_count(1 if seat_of_next == other else 0)


def test_the_timeline_and_the_jumps_move_the_slider_to_their_steps(
    page: Page, dashboard_url: str, cribbage: StoredReplay
) -> None:
    timeline = replay_json(page, dashboard_url, cribbage.game_id, "all")["timeline"]
    hands = [m["step"] for m in timeline["markers"] if m["kind"] == "hand"]
    costly = sorted({m["step"] for m in timeline["markers"] if m["kind"] == "costly"})
    assert hands == moment_steps(cribbage)
    assert costly
    assert len(timeline["tallies"]) == cribbage.steps
    final = cribbage.state_at(cribbage.steps - 1).observation(None).scores
    assert timeline["tallies"][-1] == list(final)

    viewer = Viewer(page, dashboard_url, cribbage.game_id)
    viewer.open()
    slider = page.get_by_role("slider", name="Step")
    page.get_by_role("button", name="Next hand").click()
    viewer.expect_step(hands[0], "moment")
    expect(slider).to_have_value(str(hands[0]))
    page.keyboard.press("h")
    viewer.expect_step(hands[1], "moment")
    page.keyboard.press("Shift+H")
    viewer.expect_step(hands[0], "moment")
    page.get_by_role("button", name="Next costly moment").click()
    target = next(step for step in costly if step > hands[0])
    viewer.expect_step(target)
    expect(slider).to_have_value(str(target))
    marker = page.locator(f"svg.swings g.marker.kind-hand[data-step='{hands[2]}'] rect")
    marker.click(force=True)
    viewer.expect_step(hands[2], "moment")
    expect(page.locator("svg.slider-marks rect.kind-hand")).to_have_count(len(hands))
    expect(page.get_by_role("button", name="Next fault")).to_be_disabled()


def test_next_fault_jumps_to_the_fault_of_a_forfeited_game(
    page: Page, dashboard_url: str, stored_games: StoredGames
) -> None:
    viewer = Viewer(page, dashboard_url, stored_games.forfeit)
    viewer.open()
    page.keyboard.press("f")
    viewer.expect_step(1)
    expect(page.locator("#step-info .fault")).to_contain_text(stored_games.forfeit_fault)
    expect(page.locator("svg.swings g.marker.kind-fault")).to_have_count(1)


def test_skip_forced_moves_steps_over_the_forced_actions(
    page: Page, dashboard_url: str, lexio: StoredReplay
) -> None:
    timeline = replay_json(page, dashboard_url, lexio.game_id, "all")["timeline"]
    forced = set(timeline["forced"])
    moments = set(moment_steps(lexio))
    viewer = Viewer(page, dashboard_url, lexio.game_id)
    viewer.open()
    page.get_by_label("Skip forced moves").check()
    visited: list[tuple[int, str]] = []
    for _ in range(12):
        page.keyboard.press("ArrowRight")
        page.wait_for_function(
            "([step, frame]) => { const root = document.querySelector('#replay');"
            " return root.dataset.step !== String(step) || root.dataset.frame !== frame; }",
            arg=[visited[-1][0] if visited else 0, visited[-1][1] if visited else "table"],
        )
        visited.append((viewer.step, viewer.attribute("data-frame")))
    steps = [step for step, _ in visited]
    assert all(step not in forced or step in moments for step in steps)
    skipped = set(range(1, steps[-1])) - set(steps)
    assert skipped
    assert skipped <= forced


def test_the_keyboard_still_works_after_a_click_on_a_control(
    page: Page, dashboard_url: str, lexio: StoredReplay
) -> None:
    viewer = Viewer(page, dashboard_url, lexio.game_id)
    viewer.open()
    play = viewer.control("play")
    play.click()
    expect(play).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Space")  # pauses, and does not press the focused button again
    expect(play).to_have_attribute("aria-pressed", "false")
    page.wait_for_timeout(300)
    expect(play).to_have_attribute("aria-pressed", "false")
    at = viewer.step
    page.keyboard.press("ArrowRight")
    viewer.expect_step(at + 1)
    viewer.control("forward").click()
    viewer.expect_step(at + 2)
    page.keyboard.press("ArrowLeft")
    viewer.expect_step(at + 1)
    page.keyboard.press("End")
    viewer.expect_step(lexio.steps - 1, "table")
    page.keyboard.press("ArrowRight")  # nothing after the last frame
    page.keyboard.press("ArrowLeft")  # the last step's moment: the match settled
    viewer.expect_step(lexio.steps - 1, "moment")


def test_the_slider_is_named_and_the_pieces_and_seats_name_themselves(
    page: Page, dashboard_url: str, lexio: StoredReplay, stored_games: StoredGames
) -> None:
    viewer = Viewer(page, dashboard_url, lexio.game_id)
    viewer.open(view="seat-0")
    expect(page.get_by_role("slider", name="Step")).to_have_count(1)
    hand = lexio.hands_at(0)[0]
    first = hand[0]
    suit = first.rstrip("0123456789")
    expect(page.get_by_role("img", name=f"{suit} {first[len(suit) :]}").first).to_be_visible()
    expect(page.get_by_role("img", name="face-down tile").first).to_be_visible()
    expect(page.locator("#step-announcer")).to_have_attribute("aria-live", "polite")
    viewer.control("forward").click()
    expect(page.locator("#step-announcer")).to_contain_text("Step 1 of")
    # Events and the step panel name the bots, not bare seat numbers.
    expect(page.locator("#step-info .step-action .who")).to_have_count(1)
    assert "seat 0 " not in page.locator("#events").inner_text()

    cribbage = Viewer(page, dashboard_url, stored_games.cribbage)
    cribbage.open()
    expect(
        page.locator(".board .card[role='img'][aria-label$=' of hearts']").first
    ).to_be_attached()
