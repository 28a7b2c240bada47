"""The play solver: exact against a brute force, bounds around double dummy, results in range,
the narrow definition of irrational play, the structured line, time limits."""
import random
from functools import lru_cache

import pytest
from generate import random_position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.mechanics import dd
from engine.mechanics import solver as S
from engine.mechanics.solver.search import _Search

# ---------------------------------------------------------------------------
# An independent reference: every legal play, memoised on the exact cards.
# ---------------------------------------------------------------------------

def _winner(cards, trump):
    best = 0
    for i in range(1, 4):
        c, b = cards[i], cards[best]
        if c // 13 == b // 13:
            if c > b:
                best = i
        elif c // 13 == trump:
            best = i
    return best


SUIT_MASK = tuple(0x1FFF << (13 * suit) for suit in range(4))


def brute(pos, side):
    """(fewest, most, double dummy) tricks for ``side`` over every legal play."""
    trump = pos.trump

    @lru_cache(maxsize=None)
    def rec(hands, leader, trick):
        if not trick and hands[leader] == 0:
            return 0, 0, 0
        seat = (leader + len(trick)) % 4
        held = hands[seat]
        if trick:  # the suit led, if held (a suit is 13 bits: card c is bit c, suit c // 13)
            held = (held & SUIT_MASK[trick[0] // 13]) or held
        cards = []
        while held:
            low = held & -held
            cards.append(low.bit_length() - 1)
            held ^= low
        lo, hi, vals = 99, -1, []
        for c in cards:
            h = list(hands)
            h[seat] ^= 1 << c
            t = trick + (c,)
            if len(t) == 4:
                w = (leader + _winner(t, trump)) % 4
                g = 1 if w % 2 == side else 0
                a, b, d = rec(tuple(h), w, ())
                a, b, d = a + g, b + g, d + g
            else:
                a, b, d = rec(tuple(h), leader, t)
            lo, hi = min(lo, a), max(hi, b)
            vals.append(d)
        return lo, hi, (max(vals) if seat % 2 == side else min(vals))

    return rec(pos.hands, pos.leader, pos.trick)


def P(hands, trump, leader, trick=()):
    return S.Position.from_cards({s: h.split() for s, h in hands.items()}, trump, leader, trick)


# ---------------------------------------------------------------------------
# Exactness
# ---------------------------------------------------------------------------

@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32 - 1), n=st.integers(1, 5))
def test_floor_ceiling_and_minimax_match_the_brute_force(seed, n):
    rng = random.Random(seed)
    pos = random_position(rng, n if n < 5 else 4 + rng.randint(0, 1))
    side = rng.randrange(2)
    lo, hi, ddv = brute(pos, side)
    assert S.floor(pos, side).value == lo
    assert S.ceiling(pos, side).value == hi
    assert S.minimax(pos, side).value == ddv


def test_five_card_endings_match_the_brute_force():
    rng = random.Random(2026)
    for _ in range(12):
        pos = random_position(rng, 5, trick_cards=rng.randint(0, 3))
        side = rng.randrange(2)
        lo, hi, _ = brute(pos, side)
        assert (S.floor(pos, side).value, S.ceiling(pos, side).value) == (lo, hi)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32 - 1), n=st.integers(1, 13))
def test_results_are_always_within_the_tricks_left(seed, n):
    rng = random.Random(seed)
    pos = random_position(rng, n)
    side = rng.randrange(2)
    left = pos.tricks_left
    for res in (S.floor(pos, side, limit=2000), S.ceiling(pos, side, limit=2000),
                S.normal_floor(pos, side, limit=2000), S.normal_floor(pos, side, limit=0.0)):
        assert 0 <= res.lower <= res.upper <= left
        if res.exact:
            assert res.lower == res.value == res.upper


# Derandomized: the same 40 positions on every run (unseeded, a run took 2 to 22 s as it drew easy or hard
# nine-trick positions); the other property tests here keep drawing new positions.
@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32 - 1), n=st.integers(4, 9))
def test_floor_below_normal_below_double_dummy_below_ceiling(seed, n):
    rng = random.Random(seed)
    pos = random_position(rng, n)
    side = rng.randrange(2)
    f, c = S.floor(pos, side, limit=5_000_000), S.ceiling(pos, side, limit=5_000_000)
    normal = S.normal_floor(pos, side, limit=5_000_000)
    value = S.minimax(pos, side, limit=5_000_000)
    assert f.exact and c.exact and normal.exact and value.exact
    assert f.value <= normal.value <= value.value <= c.value


@pytest.mark.skipif(not dd.available(), reason=dd.MISSING)
def test_double_dummy_from_dds_between_floor_and_ceiling():
    rng = random.Random(77)
    for _ in range(25):
        pos = random_position(rng, rng.randint(1, 13))
        side = rng.randrange(2)
        value = dd.dd_value(pos, side)
        assert value.available
        f, c = S.floor(pos, side, limit=5_000_000), S.ceiling(pos, side, limit=5_000_000)
        assert f.lower <= value.value <= c.upper
        if pos.tricks_left <= 6:
            assert value.value == S.minimax(pos, side).value


def test_without_dds_the_double_dummy_value_comes_from_the_compiled_search(monkeypatch):
    monkeypatch.setattr(dd, "_endplay", lambda: None)
    # North's spade ace wins the one trick left; East-West take none
    pos = P({"N": "SA", "E": "S2", "S": "S3", "W": "S4"}, None, "N")
    assert (dd.dd_value(pos, 0).value, dd.dd_value(pos, 1).value) == (1, 0)
    # a budget too small to settle a full deal: no value, and the reason names the budget and the bounds
    rng = random.Random(5)
    deal = random_position(rng, 13, 0)
    value = dd.compiled_dd_value(deal, 0, limit=50)
    assert not value.available and value.value is None
    assert "50 nodes" in value.reason and "between" in value.reason


def test_a_work_budget_gives_bounds_not_a_guess_and_the_same_answer_every_time():
    rng = random.Random(3)
    hard = None
    for _ in range(40):
        pos = random_position(rng, 8, trick_cards=0)
        res = S.ceiling(pos, 0, limit=200)
        if not res.exact:
            hard = (pos, res)
            break
    assert hard is not None, "every position solved within 200 nodes"
    pos, res = hard
    assert res.value is None and 0 <= res.lower <= res.upper <= 8
    assert "undetermined" in str(res)
    again = S.ceiling(pos, 0, limit=200)  # the budget counts nodes, not seconds: the same bounds again
    assert (again.value, again.lower, again.upper, again.nodes) == (res.value, res.lower, res.upper, res.nodes)
    exact = S.ceiling(pos, 0, limit=3_000_000)
    assert exact.exact and res.lower <= exact.value <= res.upper


def test_positions_that_cannot_arise_are_refused():
    with pytest.raises(S.PositionError):
        P({"N": "SA SK", "E": "S2", "S": "S3", "W": "S4"}, None, "N")
    with pytest.raises(S.PositionError):
        P({"N": "SA", "E": "SA", "S": "S3", "W": "S4"}, None, "N")
    with pytest.raises(S.PositionError):
        P({"N": "SA", "E": "S2", "S": "S3", "W": "S4"}, None, "N", trick=["SA"])


# ---------------------------------------------------------------------------
# Legal, normal, irrational
# ---------------------------------------------------------------------------

def test_the_legal_floor_is_not_the_double_dummy_value():
    # Declarer can lose a trick only by leading the two from A-K-Q-2 first (or by discarding a winner).
    pos = P({"S": "SA SK SQ S2", "N": "D2 D3 D4 D5", "W": "SJ ST S9 C2", "E": "S8 C3 C4 C5"}, None, "S")
    assert S.floor(pos, 0).value < 4 == S.minimax(pos, 0).value


def test_I2_leading_low_from_a_suit_that_runs_is_irrational():
    pos = P({"S": "SA SK SQ S2", "N": "D2 D3 D4 D5", "W": "SJ ST S9 C2", "E": "S8 C3 C4 C5"}, None, "S")
    s = _Search(pos, 0, normal_side=0)
    assert "S2" not in [S.card_str(m) for m in s.normal_moves(2)]  # not under the ace-king-queen (I2)
    # once the ace and king are gone the queen is a lone top card over the two; the jack still out is an
    # honour, which a claimer does not overlook, so the two is not led first by his count either
    assert S.normal_floor(pos, 0).value == 4
    # with only small cards out (the nine), a club player who believes the suit runs may lead the six first
    pos = P({"N": "HJ H6", "E": "H9 CA", "S": "D9 CT", "W": "D7 C9"}, None, "N")
    assert S.normal_floor(pos, 0).value == 0
    assert S.normal_floor(pos, 0, pclass="novice").value == 2  # a novice counts top cards only


def test_I1_overtaking_partners_sure_winner_is_irrational():
    pos = P({"N": "SK S3", "S": "SA S2", "W": "SQ SJ", "E": "ST S9"}, None, "N")
    assert S.floor(pos, 0).value == 1
    assert S.normal_floor(pos, 0).value == 2


def test_I1_ruffing_partners_sure_winner_is_irrational_when_a_discard_is_available():
    # North leads the ace of diamonds; South, void, could ruff it or throw a club.
    pos = P({"N": "DA HA", "S": "S2 C2", "W": "D2 D3", "E": "D4 C3"}, "S", "N")
    assert S.floor(pos, 0).value == 1  # ruff the ace, then the heart ace loses nothing but the club does
    assert S.normal_floor(pos, 0).value == 2


def test_I3_declining_a_trick_with_the_top_card_at_the_last_seat_is_irrational():
    # West leads a heart, North and East follow; South holds the ace: ducking is irrational.
    pos = P({"W": "C2", "N": "D2", "E": "C3", "S": "HA H2"}, None, "W", trick=["HK", "H3", "H4"])
    assert S.floor(pos, 0).value == 0
    assert S.normal_floor(pos, 0).value >= 1


def test_throwing_the_entry_to_winners_is_not_normal_but_naming_a_card_still_keeps_it():
    # Cashing the hearts, an expert's dummy keeps the spade ace (its entry) and throws its diamonds (E1); a
    # club player's count holds the ace and the diamonds, not the ace as the way to them (K), so he may throw it.
    pos = P({"S": "HA HK HQ S2", "N": "SA D2 D3 D4", "W": "SK SQ C2 C3", "E": "SJ ST C4 C5"}, None, "S")
    cash = [S.Step.make("cash", suit="H")]
    assert S.normal_floor(pos, 0, cash, pclass="expert").value == 4
    assert S.normal_floor(pos, 0, cash).value == 3
    assert S.normal_floor(pos, 0, cash, pclass="novice").value == 3
    # Naming the ace in the line keeps it for its step, whatever the class.
    assert S.normal_floor(pos, 0, cash + [S.Step.make("play", "SA")], pclass="novice").value == 4


# ---------------------------------------------------------------------------
# The structured line
# ---------------------------------------------------------------------------

FORGOTTEN_TRUMP = {"S": "SQ HA HK HQ", "N": "D5 D4 D3 D2", "W": "SJ H3 H2 C2", "E": "H9 H8 C4 C3"}


def test_drawing_trumps_first_saves_the_trick_the_trump_would_take():
    pos = P(FORGOTTEN_TRUMP, "S", "S")
    assert S.normal_floor(pos, 0).value == 3
    assert S.normal_floor(pos, 0, [S.Step.make("draw_trumps")]).value == 4
    assert S.normal_floor(pos, 0, [S.Step.make("cash", suit="H")]).value == 3


def test_the_trump_can_win_a_trick_on_some_normal_line():
    pos = P(FORGOTTEN_TRUMP, "S", "S")
    assert S.target_tricks(pos, 0, ["SJ"]).value == 1
    guarded = P({"S": "SQ HA HK HQ", "N": "D5 D4 D3 D2", "W": "SJ H4 H3 H2", "E": "H9 C8 C4 C3"}, "S", "S")
    assert S.target_tricks(guarded, 0, ["SJ"]).value == 0


FINESSE = {"S": "SA SQ", "N": "S2 S3", "W": "S4 S5", "E": "SK S6"}


def test_a_stated_finesse_is_taken_and_an_unstated_one_is_not():
    pos = P(FINESSE, None, "N")
    assert S.normal_floor(pos, 0).value == 1
    assert S.normal_floor(pos, 0, [S.Step.make("finesse", "SQ")]).value == 2
    # choosing the card within the suit knowing the cards (70E's exception)
    assert S.normal_floor(pos, 0, max_suits=S.suit_mask("S")).value == 2
    assert S.normal_floor(pos, 0, known=S.suit_mask("S")).value == 2


def test_a_ruff_step_ruffs_in_the_short_hand():
    # Hearts trumps: South leads a club and West's ace wins it unless North, void, ruffs. East, last to
    # play, must follow with the king.
    pos = P({"S": "C2 C3", "N": "H2 D2", "W": "CA H3", "E": "CK D3"}, "H", "S")
    assert S.floor(pos, 0).value == 0
    # as the claimer sees it the ruff is not certain (the three of trumps could be with East, void in clubs),
    # so throwing the diamond instead is careless, not irrational; the ruff step makes the ruff
    assert S.normal_floor(pos, 0).value == 0
    assert S.normal_floor(pos, 0, [S.Step.make("ruff", suit="C")]).value == 1
    # North leads: the line's lead makes him lead the diamond before his losing club; so does his count, which
    # sees that the club lead would let West's spade king squeeze out the diamond (K); a novice's does not.
    pos = P({"N": "DK C2", "E": "D5 C3", "S": "S2 S8", "W": "SK C7"}, "H", "N")
    assert S.normal_floor(pos, 0, pclass="novice").value == 0
    assert S.normal_floor(pos, 0).value == 1
    assert S.normal_floor(pos, 0, [S.Step.make("lead", suit="D")], pclass="novice").value == 1


def test_a_play_step_overtakes_when_the_line_says_so():
    # Blocked spades: only overtaking the queen with the ace unblocks them.
    pos = P({"S": "SQ SJ D3 D2", "N": "SA SK ST S9", "W": "S8 S7 DA DK", "E": "S6 S5 DQ DJ"}, None, "S")
    assert S.normal_floor(pos, 0, [S.Step.make("cash", suit="S")]).value == 2
    line = [S.Step.make("play", "SQ"), S.Step.make("play", "SA"), S.Step.make("cash", suit="S")]
    assert S.normal_floor(pos, 0, line).value == 4


def test_a_lead_step_gives_up_the_lead_when_told():
    pos = P({"S": "HA HK C2", "N": "D2 D3 D4", "W": "CA CK CQ", "E": "SA SK SQ"}, None, "S")
    assert S.normal_floor(pos, 0, [S.Step.make("cash", suit="H"), S.Step.make("lead", suit="C")]).value == 2


@pytest.mark.skipif(not dd.available(), reason=dd.MISSING)
def test_dds_loads_without_the_rest_of_endplay():
    """Only endplay's DDS binding is loaded (its package imports plotting, about a second per process), and
    a later ``import endplay`` still gets the whole package."""
    import subprocess
    import sys

    code = ("import sys\n"
            "from engine.mechanics import dd\n"
            "assert dd.available()\n"
            "assert 'matplotlib' not in sys.modules and 'endplay' not in sys.modules, sorted(sys.modules)\n"
            "import endplay\n"
            "assert hasattr(endplay, 'Deal') and hasattr(endplay, '__version__')\n")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=str(__import__("pathlib").Path(__file__).resolve().parent.parent))
    assert res.returncode == 0, res.stderr
