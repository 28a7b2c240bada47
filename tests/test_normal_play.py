"""The normal-play model (footnote to Law 69; docs/claims.md, "The normal-play model"): each item on a small
position, the class of player, the director's findings, and the whole model cross-checked against a reference
written out plainly and searched by brute force with 4 or fewer tricks."""
import random
from functools import lru_cache

from generate import random_position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.mechanics import solver as S
from engine.mechanics.solver.normal import cash_count, cash_leads, established_cards
from engine.mechanics.solver.core import card_str
from engine.mechanics.solver.search import _Search


def P(hands, trump, leader, trick=()):
    return S.Position.from_cards({s: h.split() for s, h in hands.items()}, trump, leader, trick)


def nf(pos, side=0, line=(), **kw):
    return S.normal_floor(pos, side, line, **kw).value


# ---------------------------------------------------------------------------
# N1 / N4: a trick the card held must win is not declined, nor won with a card that would win a later one
# ---------------------------------------------------------------------------

def test_N1_void_hand_ruffs_with_the_master_trump_instead_of_discarding_a_winner():
    # Spades trumps, drawn. Dummy (South) leads a club; North, void, holds the last trump and three winners.
    pos = P({"S": "C5 C4 D5 H5", "N": "S9 HA DA DK", "E": "HK HQ CK CQ", "W": "H3 CJ CT D2"}, "S", "S")
    assert S.floor(pos, 0).value < 4  # discarding a winner on the club is legal
    assert nf(pos) == 4


def test_N1_a_ruff_a_later_opponent_can_overruff_is_not_certain():
    # East leads the club king; South, void, has the nine of trumps and the heart ace; West, still to play,
    # has the ten of trumps: the ruff is not certain to win, so throwing the ace is a choice -- but the ace is
    # an established winner and South's other card, the nine of trumps, is kept as a trump: no dead card is
    # held, both are worth keeping, so the floor stays at what the careless ruff gives.
    pos = P({"E": "CK D4", "S": "S9 HA", "W": "ST D2", "N": "C2 D3"}, "S", "E")
    assert nf(pos) == 0  # South ruffs, West overruffs and cashes the diamond... or South throws the ace


def test_N1_second_seat_takes_the_ace_when_ducking_hands_the_lead_over():
    pos = P({"E": "CA CK", "S": "HA H5 DA", "W": "HQ HJ D2", "N": "S2 S3 S4"}, None, "E", trick=["HK"])
    assert S.floor(pos, 0).value == 0
    assert nf(pos) == 2


def test_N1_the_last_seat_wins_with_a_card_that_is_not_the_top_one():
    pos = P({"W": "CA CK", "N": "H2 S2", "E": "HA S3", "S": "HQ H4 DA"}, None, "W", trick=["HJ", "H5", "H6"])
    assert S.floor(pos, 0).value == 0
    # the queen wins (N1); then the diamond ace is cashed before the heart loser, which would give the lead to
    # opponents whose heart ace and spade three the claimer's count sees taking the ace's trick (K)
    assert nf(pos) == 2
    assert nf(pos, pclass="novice") == 1  # a novice counts his own top cards only


def test_N5_third_hand_covers_the_card_an_opponent_is_winning_with():
    # South led the three of spades and West played the jack.  North holds the queen and the two; the ace is out
    # and East may hold it as the claimer sees it, so the queen is not certain to win (N1 does not apply).
    # Playing the two lets the jack win for nothing: third hand plays a card that beats it, whatever his class.
    pos = P({"N": "SQ S2 D2", "E": "S4 D3 D4", "S": "HA HK", "W": "SA H2"}, None, "S", trick=["S3", "SJ"])
    for pclass in S.CLASSES:
        s = _Search(pos, 0, normal_side=0, pclass=pclass)
        assert [S.card_str(m) for m in s.normal_moves(0)] == ["SQ"], pclass
    # second hand is not third hand: with East still to play after him and partner's card not yet played,
    # North may follow low under West's lead
    pos = P({"N": "SQ S2 D2", "E": "S4 D3 D4", "S": "HA HK H5", "W": "H2 SA"}, None, "W", trick=["SJ"])
    assert {"SQ", "S2"} <= {S.card_str(m) for m in _Search(pos, 0, normal_side=0).normal_moves(0)}


def test_K_when_his_count_rates_two_leads_alike_a_club_player_takes_the_trick_it_sees_first():
    # The published 4NT claimed at trick one (cases/published/bw-sectional-4nt-claim-at-trick-one.yaml), after
    # seven tricks of one of its lines: South is on lead with the spade jack, a master once East has shown out,
    # and the defenders hold the club ace and queen and the heart king and queen.  Leading the club six gives
    # the lead away; the count rates it as the jack (either way one trick, the club king coming to life as
    # the jack's trick goes), but a club player, who sees the opponents' winners, takes the trick his count
    # sees now rather than give them the lead (the tie goes to the trick won).  A novice, who counts his own
    # top cards only, may lead the club.
    pos = P({"N": "H3 CK CJ CT C9 C5", "E": "HK HQ H7 C7 C4 C2", "S": "SJ S9 S4 HJ H6 C6",
             "W": "ST S5 H8 CA CQ C8"}, None, "S")
    for pclass in ("club", "expert"):
        s = _Search(pos, 0, normal_side=0, known=1, dynamic_known=True, pclass=pclass)
        assert [S.card_str(m) for m in s.normal_moves(2)] == ["SJ"], pclass
    s = _Search(pos, 0, normal_side=0, known=1, dynamic_known=True, pclass="novice")
    assert "C6" in {S.card_str(m) for m in s.normal_moves(2)}
    assert nf(pos, known=1) == 1 > nf(pos, known=1, pclass="novice")


def test_N1_following_low_is_normal_when_no_card_is_certain_to_win():
    pos = P({"E": "HQ C2", "S": "HK H3", "W": "HA C3", "N": "H2 C4"}, None, "E")
    assert nf(pos) == S.floor(pos, 0).value


def test_K_the_trick_is_won_with_the_cheaper_card_when_the_dearer_one_would_win_a_later_trick():
    # Hearts trumps. East leads a club; North, last to play and void, holds the ace and the four of trumps.
    # Ruffing with the four wins the trick for certain; ruffing with the ace would leave the four to lose to
    # West's king later.  A claimer whose line speaks of trumps counts the king, so he ruffs with the four
    # (the count gives what N4 used to); one who does not speak of them has forgotten it (70C) and his count
    # rates the two trumps alike.
    pos = P({"E": "C9 C8", "S": "D2 D3", "W": "C2 HK", "N": "HA H4"}, "H", "E")
    assert S.floor(pos, 0).value == 1
    assert nf(pos, 0, [S.Step.make("draw_trumps")]) == 2
    # ... and N4, the habit of winning as cheaply as he can, ruffs with the four all the same
    assert nf(pos) == 2
    # with an opponent still to play the four is not certain, as the claimer sees it (the king could be
    # over it): ruffing with the ace is then what a careful player does, and the floor is 1
    pos = P({"W": "C9 HK", "N": "HA H4", "E": "C2 C3", "S": "D2 D3"}, "H", "W")
    assert nf(pos) == 1


# ---------------------------------------------------------------------------
# N3: a high card that would win later is not thrown under a trick already lost
# ---------------------------------------------------------------------------

def test_N3_a_defender_does_not_play_his_king_under_the_ace_while_holding_small_cards():
    # Declarer (South) leads the heart ace; West, a defender who has claimed, holds the king and two small
    # hearts; once the ace has gone the king beats North's queen.
    pos = P({"S": "HA H3 H2", "W": "HK H5 H4", "N": "HQ H6 S3", "E": "D2 D3 D4"}, None, "S")
    s = _Search(pos, 1, normal_side=1)  # East-West (side 1) are judged
    s.h[2] ^= 1 << S.card_id("HA")  # the ace stays in play, in the trick
    s.trick = [S.card_id("HA")]
    assert [S.card_str(m) for m in s.normal_moves(3)] == ["H5"]  # not the king under the ace


def test_N3_does_not_apply_to_a_card_that_would_not_win_later():
    # The queen under the ace, with the king still out: it would not win later, either card is a choice.
    pos = P({"S": "HA H2", "W": "HQ H5", "N": "HK S3", "E": "H9 D3"}, None, "S")
    s = _Search(pos, 1, normal_side=1)
    s.h[2] ^= 1 << S.card_id("HA")
    s.trick = [S.card_id("HA")]
    assert sorted(S.card_str(m) for m in s.normal_moves(3)) == ["H5", "HQ"]


# ---------------------------------------------------------------------------
# N2, N2b: what a void hand throws
# ---------------------------------------------------------------------------

BARE_ACE = {"N": "HA HK D9", "S": "DA C3 C2", "E": "CA H3 H2", "W": "CK DK DQ"}


def test_N2_the_bare_ace_is_kept_while_the_clubs_are_dead():
    pos = P(BARE_ACE, None, "N")
    assert nf(pos, 0, [S.Step.make("cash", suit="H")]) == 3
    assert nf(pos, 0, [S.Step.make("cash", suit="H")], pclass="novice") == 3  # N2 holds for every class


def test_N2b_the_entry_is_kept_rather_than_a_winner_it_leads_to():
    # Dummy's spade ace is the way to its diamonds (no one else has one): throwing it on the hearts gives up
    # a trick for nothing; throwing a diamond gives up none.
    pos = P({"S": "HA HK HQ S2", "N": "SA D2 D3 D4", "W": "SK SQ C2 C3", "E": "SJ ST C4 C5"}, None, "S")
    # a club player's count holds the diamonds and the ace but not the ace as the way to the diamonds:
    # throwing it is careless, not irrational; an expert keeps his entries (E1)
    assert nf(pos, 0, [S.Step.make("cash", suit="H")]) == 3
    assert nf(pos, 0, [S.Step.make("cash", suit="H")], pclass="novice") == 3
    assert nf(pos, 0, [S.Step.make("cash", suit="H")], pclass="expert") == 4


def test_N2b_established_winners_are_kept_rather_than_a_king_with_the_ace_out():
    # Notrump. West runs his spades; dummy (East) holds the diamond A-K-Q and the club K-Q (the club ace is
    # out) and must throw twice: it keeps the diamonds its partner can reach with his diamond.
    pos = P({"W": "SA SK SQ D2 C2", "E": "DA DK DQ CK CQ", "N": "CA CJ CT C9 C8", "S": "HA HK HQ HJ HT"},
            None, "W")
    assert nf(pos, 1, [S.Step.make("cash", suit="S")]) == 5  # three spades, the diamond to the ace, the king
    # even a novice counts his top diamonds and not the king-queen of clubs with the ace out (K)
    assert nf(pos, 1, [S.Step.make("cash", suit="S")], pclass="novice") == 5


def test_N2b_a_stopper_an_opponent_must_lead_into_is_kept():
    # Spades trumps; East claims the two club tricks; South ruffs the first and will lead his heart.
    pos = P({"E": "CA CK", "S": "S2 H3", "W": "HA D2", "N": "C3 C2"}, "S", "E")
    assert nf(pos, 1) == 1


def test_stays_normal_cashing_winners_in_an_order_that_blocks():
    pos = P(BARE_ACE, None, "N")
    assert nf(pos) == 1  # the diamond to the ace first strands dummy's hearts: careless, not irrational
    assert nf(pos, pclass="expert") == 3  # an expert cashes what he can (E2)


def test_E3_an_expert_does_not_strand_his_winners_under_partners_card():
    # nswba-2010-3nt at trick 6 (cases/published): South leads with the spade ace-king-eight-two, North holds the
    # queen alone and no way back to South. A club player may lead a low spade (the suit runs from the top in his
    # count, and he does not see the block): North's queen takes it and the ace-king are stranded. An expert
    # counts the order he plays the suit in, sees the queen overtake a low spade, and cashes from the top (E3).
    pos = P({"N": "SQ H3 DJ D9 D7 D3 CJ C4", "E": "S6 S4 S3 DT D6 CQ C8 C3",
             "S": "SA SK S8 S2 HJ H9 D8 C9", "W": "HQ H7 H6 DQ D2 CK C7 C6"}, None, "S")
    club = _Search(pos, 0, normal_side=0, dynamic_known=True, limit=None, pclass="club")
    expert = _Search(pos, 0, normal_side=0, dynamic_known=True, limit=None, pclass="expert")
    assert sorted(card_str(c) for c in club._normal_moves(2)) == ["S8", "SA"]
    assert sorted(card_str(c) for c in expert._normal_moves(2)) == ["SA"]
    assert nf(pos, pclass="club") == 1
    assert nf(pos, pclass="expert") == 4
    assert S.py_normal_floor(pos, 0, pclass="expert").value == 4  # (the reference search agrees)


def test_stays_normal_forgetting_an_outstanding_trump():
    pos = P({"S": "SQ HA HK HQ", "N": "D5 D4 D3 D2", "W": "SJ H3 H2 C2", "E": "H9 H8 C4 C3"}, "S", "S")
    assert nf(pos) == 3
    assert nf(pos, 0, [S.Step.make("draw_trumps")]) == 4


def test_stays_normal_not_taking_an_unstated_finesse():
    pos = P({"S": "SA SQ", "N": "S2 S3", "W": "S4 S5", "E": "SK S6"}, None, "N")
    assert nf(pos) == 1
    assert nf(pos, 0, [S.Step.make("finesse", "SQ")]) == 2


def test_K_a_loser_is_not_led_while_the_opponents_could_then_take_the_tricks_counted():
    # South has two top spades and a club, the club ace out. Leading the club first gives the defenders the
    # lead, and their hearts (his side holds none) squeeze out his spades: a club player's count sees the
    # hearts, so he cashes the spades first.
    pos = P({"S": "SA SK C2", "N": "S2 S3 S4", "W": "CA D2 H2", "E": "H3 H4 H5"}, None, "S")
    assert nf(pos) == 2
    # with a club of dummy's for a third spade a novice's count (his own top cards: two of three tricks) does
    # not see the hearts either, and he may lead the club first
    pos = P({"S": "SA SK C2", "N": "S2 S3 C3", "W": "CA D2 H2", "E": "H3 H4 H5"}, None, "S")
    assert nf(pos) == 2
    assert nf(pos, pclass="novice") < 2


def test_stays_normal_leading_a_loser_when_the_opponents_cannot_take_more_than_it():
    # East leads. His count holds the club jack and West's diamond ace; the club two led first loses to
    # South's nine, and the defenders who win it have nothing more his count sees them taking than he
    # concedes: the count is the same, so leading the loser first stays normal (a careless order) -- and here
    # it costs (the defenders' hearts and North's spades take the rest).
    pos = P({"E": "D9 C2 CJ", "W": "H2 H4 DA", "N": "SJ H9 HJ", "S": "HA D3 C9"}, None, "E")
    s = _Search(pos, 1, normal_side=1)
    assert {"C2", "CJ"} <= {S.card_str(m) for m in s.normal_moves(1)}
    assert nf(pos, 1) == 1 < S.minimax(pos, 1).value


def test_L1_a_claimer_who_can_cash_every_trick_does_not_give_up_the_lead():
    # North can take every trick: the diamond ace, then the heart to South's ace and king (North throws his
    # club). Leading the club first would give East-West their clubs.
    pos = P({"N": "DA C2 H2", "S": "HA HK D2", "E": "CA CK CQ", "W": "CJ CT C9"}, None, "N")
    assert nf(pos) == 2  # every lead but the club wins a trick; a club player may still block (diamond first)
    assert nf(pos, pclass="expert") == 3  # an expert does not (E2)
    # even a novice's count of his top cards says the club lead gives up a trick (three winners, three tricks);
    # he may block like a club player
    assert nf(pos, pclass="novice") == 2


# ---------------------------------------------------------------------------
# The director's findings
# ---------------------------------------------------------------------------

def test_a_play_the_director_finds_not_normal_is_left_out():
    pos = P(BARE_ACE, None, "N")
    assert nf(pos) == 1  # the diamond first blocks the hearts
    # the director finds that North would not lead the diamond nine away from his winners
    assert nf(pos, excluded=[(S.seat_id("N"), S.card_id("D9"), "lead")]) == 3
    # a finding about another role of the card changes nothing here
    assert nf(pos, excluded=[(S.seat_id("N"), S.card_id("D9"), "discard")]) == 1


def test_the_line_marks_each_departure_with_what_it_costs():
    pos = P(BARE_ACE, None, "N")
    res = S.normal_floor(pos, 0, with_line=True)
    assert res.value == 1 and res.best == 3
    costly = [(S.card_str(c), cost) for _, c, _, _, cost in res.line if cost]
    assert costly == [("D9", 2)]


# ---------------------------------------------------------------------------
# The parts: established cards and the cash-out count
# ---------------------------------------------------------------------------

def _bits(ranks):
    return sum(1 << "23456789TJQKA".index(r) for r in ranks)


def test_established_cards_count_length_once_the_opponents_are_out():
    assert established_cards(_bits("AKQ32"), _bits("JT9"), _bits("87")) == _bits("AKQ32")
    assert established_cards(_bits("AKQ32"), _bits("JT98"), _bits("7")) == _bits("AKQ")  # the jack stays
    assert established_cards(_bits("KQ2"), _bits("A"), _bits("J9")) == 0
    assert established_cards(_bits("AQ2"), _bits("K5"), _bits("J9")) == _bits("A")
    assert established_cards(_bits("AQ2"), _bits("K"), _bits("J9")) == _bits("AQ2")  # the king falls


def test_cash_count_uses_entries_ruffs_and_links():
    pos = P({"S": "HA HK HQ S2", "N": "SA D2 D3 D4", "W": "SK SQ C2 C3", "E": "SJ ST C4 C5"}, None, "S")
    assert cash_count(pos.hands, -1, S.seat_id("S")) == 4  # hearts, then the spade to the ace
    assert cash_count(pos.hands, -1, S.seat_id("N")) == 4
    ruff = P({"N": "DA DK S5", "S": "H9 H8 C2", "E": "CA CK C3", "W": "SA SK SQ"}, "H", "N")
    assert cash_count(ruff.hands, 1, S.seat_id("N")) == 3  # two diamonds, then the spade ruffed
    # the spade first strands the diamonds: only the diamond lead cashes everything
    assert [S.card_str(c) for c, v in cash_leads(ruff.hands, 1, S.seat_id("N")) if v == 3] == ["DA"]
    assert ("S5", 2) in [(S.card_str(c), v) for c, v in cash_leads(ruff.hands, 1, S.seat_id("N"))]


# ---------------------------------------------------------------------------
# An independent reference: the model written out plainly, every sequence of plays
# ---------------------------------------------------------------------------

def _beats(c, b, trump):
    return c > b if c // 13 == b // 13 else c // 13 == trump


def _win(cards, trump):
    best = 0
    for i in range(1, len(cards)):
        if _beats(cards[i], cards[best], trump):
            best = i
    return best


def _legal(hand, trick):
    cards = [c for c in range(52) if hand >> c & 1]
    if trick:
        follow = [c for c in cards if c // 13 == trick[0] // 13]
        return follow or cards
    return cards


def _suit(hand, s):
    return [c for c in range(13 * s, 13 * s + 13) if hand >> c & 1]


def _can_beat(hand, best, led, trump):
    return any(_beats(c, best, trump) for c in _legal(hand, [led * 13]))


def _runs(hands, trick, seat):
    """card -> the cards equivalent to it in the hand (adjacent among the cards still in play)."""
    live = {c for h in hands for c in range(52) if h >> c & 1} | set(trick)
    hand = hands[seat]
    out = {}
    for s in range(4):
        order = [c for c in range(13 * s + 12, 13 * s - 1, -1) if c in live]
        run = []
        for c in order + [None]:
            if c is not None and hand >> c & 1:
                run.append(c)
                continue
            for x in run:
                out[x] = set(run)
            run = []
    return out


def _count(hands, side, trump, n, on_lead):
    """The claimer's count for a club player who knows nothing of the split and does not speak of trumps
    (docs/claims.md, "The claimer's count"), written out suit by suit."""
    mine_h, part_h = hands[side], hands[side + 2]
    opps = (hands[1 - side], hands[3 - side])
    W = U = 0
    for s in range(4):
        mine = _suit(mine_h, s) + _suit(part_h, s)
        longest = max(len(_suit(mine_h, s)), len(_suit(part_h, s)))
        theirs = [] if s == trump else _suit(opps[0], s) + _suit(opps[1], s)
        most = (len(theirs) + 1) // 2  # the longest holding an even split leaves an opponent
        if not mine:
            w = 0
        elif not theirs:
            w = longest
        else:
            tops = len([c for c in mine if c > max(theirs)])
            w = longest if tops >= most else min(tops, longest)
        ruff = trump >= 0 and s != trump and any(not _suit(x, s) and _suit(x, trump) for x in (mine_h, part_h))
        if not theirs or ruff:
            u = 0
        else:
            above = len([c for c in theirs if not mine or c > max(mine)])
            u = max(min(above, most), most - w)  # their top cards, and the rounds of their length he does not win
        W += w
        U += u
    return min(W, n) if on_lead else max(0, min(W, n - U))


def _after(hands, leader, trick, seat, card, trump, certain):
    """The count after ``seat`` plays ``card``: the trick if the side wins it for certain as it sees it."""
    side = seat % 2
    h = list(hands)
    h[seat] &= ~(1 << card)
    partner = (seat + 2) % 4
    s = card // 13
    won = False
    if not trick:
        pool = [] if s == trump else _suit(h[(seat + 1) % 4], s) + _suit(h[(seat + 3) % 4], s)
        mine = _suit(h[partner], s)
        ours = _suit(hands[seat], s) + mine
        # the count has the suit running from the top (its top cards outlast the opponents' even split, only
        # small cards out): a card of it is rated as the hand's top card of the suit
        runs = bool(pool) and max(pool) % 13 < 8 and len([c for c in ours if c > max(pool)]) >= (len(pool) + 1) // 2
        top = max(_suit(hands[seat], s))
        if runs and card != top and any(c > card for c in pool) and top > max(pool):
            return _after(hands, leader, trick, seat, top, trump, certain)
        if all(c < card for c in pool):
            won = True
            if mine:
                h[partner] &= ~(1 << min(mine))
        elif mine and all(c < max(mine) for c in pool):
            won = True
            h[partner] &= ~(1 << max(mine))
        elif not mine and trump >= 0 and s != trump and _suit(h[partner], trump):
            won = True
            h[partner] &= ~(1 << min(_suit(h[partner], trump)))
    else:
        cards = list(trick) + [card]
        wi = _win(cards, trump)
        win_seat, best = (leader + wi) % 4, cards[wi]
        led = trick[0] // 13
        if win_seat % 2 == side:
            if len(trick) == 3 or certain(h, best):
                won = True
        elif len(trick) == 1:
            mine = _suit(h[partner], led)
            pool = _suit(h[(seat + 1) % 4], led) + _suit(h[(seat + 3) % 4], led)
            if mine and best // 13 == led and max(mine) > best and all(c < max(mine) for c in pool):
                won = True
                h[partner] &= ~(1 << max(mine))
    def low(x, suit):  # x plays his lowest card of the suit, if he holds one
        if _suit(h[x], suit):
            h[x] &= ~(1 << min(_suit(h[x], suit)))

    opps = ((seat + 1) % 4, (seat + 3) % 4)
    if not trick:
        if not won and pool:  # the opponents win the lead with their top card of the suit, the other plays low
            for o in opps:
                if h[o] >> max(pool) & 1:
                    h[o] &= ~(1 << max(pool))
                else:
                    low(o, s)
            low(partner, s)
        else:
            for o in opps:
                low(o, s)
    else:
        if len(trick) < 3:
            low((seat + 1) % 4, trick[0] // 13)
        if len(trick) == 1 and h[partner] == hands[partner]:
            low(partner, trick[0] // 13)
    n = bin(h[seat]).count("1")
    # then every winner counted, however many tricks are left (a spare winner is kept rather than thrown), then
    # the side's masters as it sees them
    masters = 0  # (a discard only) the side's masters as it sees them
    if trick and not _suit(hands[seat], trick[0] // 13) and s != trump:
        for x in range(4):
            mine = _suit(h[side], x) + _suit(h[side + 2], x)
            theirs = [] if x == trump else _suit(h[1 - side], x) + _suit(h[3 - side], x)
            masters += len([c for c in mine if not theirs or c > max(theirs)])
    # (the second key: a tie between plays the count rates alike goes to the trick won, for a club player)
    return int(won) + _count(h, side, trump, n, won), int(won), int(won) + _count(h, side, trump, 99, True), masters


def _normal(hands, leader, trick, seat, trump):
    """The normal cards for ``seat`` by docs/claims.md (a club player), written independently of the solver."""
    hand = hands[seat]
    # equivalent cards (adjacent among the cards in play) are one choice, judged by the highest of them
    runs = _runs(hands, trick, seat)
    cards = [c for c in _legal(hand, trick) if c == max(runs[c])]
    k = len(trick)
    later_opps = [p for p in ((leader + i) % 4 for i in range(k + 1, 4)) if p % 2 != seat % 2]

    def certain(hs, card):  # no later opponent can beat it, whichever opponent holds the unseen cards
        led = trick[0] // 13
        if any(_can_beat(hs[o], card, led, trump) for o in later_opps):
            return False
        if not later_opps:
            return True
        theirs = _suit(hs[(seat + 1) % 4], card // 13) + _suit(hs[(seat + 3) % 4], card // 13)
        return not any(c > card for c in theirs)

    def by_count(cs):  # K: the plays that keep the count highest
        got = {c: _after(hands, leader, trick, seat, c, trump, certain) for c in cs}
        return [c for c in cs if got[c] == max(got.values())]

    if not trick:
        out = []  # I2
        live = {c for h in hands for c in range(52) if h >> c & 1}
        for c in cards:
            s = c // 13
            order = sorted([x for x in live if x // 13 == s], reverse=True)
            run = []
            for x in order:
                if hand >> x & 1:
                    run.append(x)
                else:
                    break
            opp = [hands[(seat + 1) % 4], hands[(seat + 3) % 4]]
            beaten = any(o >> x & 1 for o in opp for x in range(c + 1, 13 * s + 13))
            solid = len(run) >= 2 or (run and run[0] % 13 >= 11)
            if solid and c not in run and beaten:
                continue
            out.append(c)
        cards = out or cards
        cards = by_count(cards) if len(cards) > 1 else cards
        # L2: with every trick cashable, no loser led for partner to ruff while a winner cashes as many
        if trump >= 0 and len(cards) > 1 and cash_count(hands, trump, seat, False) >= len(_legal(hand, [])):
            partner = hands[(seat + 2) % 4]
            opp = hands[(seat + 1) % 4] | hands[(seat + 3) % 4]
            values = dict(cash_leads(hands, trump, seat, 99, False))
            ruffs = {c for c in values if c // 13 != trump and not _suit(partner, c // 13)
                     and (opp >> (13 * (c // 13))) & 8191 > (hand >> (13 * (c // 13))) & 8191}
            if ruffs and max(values[c] for c in ruffs) <= max((values[c] for c in values if c not in ruffs),
                                                              default=-1):
                runs = _runs(hands, trick, seat)
                cards = [c for c in cards if not runs[c] & ruffs] or cards
        return cards
    led = trick[0] // 13
    wi = _win(trick, trump)
    win_seat, best = (leader + wi) % 4, trick[wi]
    following = any(c // 13 == led for c in cards)
    if win_seat == (seat + 2) % 4 and certain(hands, best):
        # I1: no ruff of partner's sure winner, no overtake with a card not certain to win
        cards = [c for c in cards if not (_beats(c, best, trump) and (not following or not certain(hands, c)))] \
            or cards
        sure = []
    else:
        sure = [c for c in cards if _beats(c, best, trump) and certain(hands, c)]
        cards = sure or cards  # N1
        if not sure and k == 2 and following and win_seat % 2 != seat % 2:
            # N5: third hand beats the opponent's card winning the trick, if he can
            cards = [c for c in cards if _beats(c, best, trump)] or cards
    cards = by_count(cards) if len(cards) > 1 else cards
    # N4: of the sure cards, the lowest of its suit
    return [c for c in cards if c not in sure or not any(x < c and x // 13 == c // 13 for x in sure)] or cards


def brute_normal(pos, side):
    trump = pos.trump

    @lru_cache(maxsize=None)
    def rec(hands, leader, trick):
        if not trick and hands[leader] == 0:
            return 0
        seat = (leader + len(trick)) % 4
        cards = _normal(hands, leader, list(trick), seat, trump) if seat % 2 == side else _legal(hands[seat], trick)
        best = 99
        for c in cards:
            h = list(hands)
            h[seat] ^= 1 << c
            t = trick + (c,)
            if len(t) == 4:
                w = (leader + _win(t, trump)) % 4
                v = (1 if w % 2 == side else 0) + rec(tuple(h), w, ())
            else:
                v = rec(tuple(h), leader, t)
            best = min(best, v)
        return best

    return rec(pos.hands, pos.leader, pos.trick)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32 - 1), n=st.integers(1, 4))
def test_the_normal_floor_matches_the_model_written_out_by_brute_force(seed, n):
    rng = random.Random(seed)
    pos = random_position(rng, n)
    side = rng.randrange(2)
    # the model alone: without 70E's rule that a suit an opponent shows out of is then played in the side's
    # favour (normal_floor's dynamic_known), which the reference does not write out
    assert _Search(pos, side, normal_side=side).run().value == brute_normal(pos, side)


def test_the_brute_force_sees_each_item():  # the cross-check above would pass vacuously on a blind reference
    ruff = P({"S": "C5 C4 D5 H5", "N": "S9 HA DA DK", "E": "HK HQ CK CQ", "W": "H3 CJ CT D2"}, "S", "S")
    assert brute_normal(ruff, 0) == 4  # N1
    duck = P({"E": "CA CK", "S": "HA H5 DA", "W": "HQ HJ D2", "N": "S2 S3 S4"}, None, "E", trick=["HK"])
    assert brute_normal(duck, 0) == 2  # N1
    assert brute_normal(P(BARE_ACE, None, "N"), 0) == 1  # blocked: normal
    entry = P({"S": "HA HK HQ S2", "N": "SA D2 D3 D4", "W": "SK SQ C2 C3", "E": "SJ ST C4 C5"}, None, "S")
    assert brute_normal(entry, 0) == 3  # K: a club player's count does not see the entry
    loser = P({"S": "SA SK C2", "N": "S2 S3 S4", "W": "CA D2 H2", "E": "H3 H4 H5"}, None, "S")
    assert brute_normal(loser, 0) == 2  # K: the club is not led while the opponents' hearts would follow
    cheap = P({"E": "C9 C8", "S": "D2 D3", "W": "C2 HK", "N": "HA H4"}, "H", "E")
    assert brute_normal(cheap, 0) == 2  # N4: the cheaper ruff, though the forgotten trump king is not counted
    third = P({"N": "SQ S2 D2", "E": "S4 D3 D4", "S": "HA HK", "W": "SA H2"}, None, "S", trick=["S3", "SJ"])
    assert brute_normal(third, 0) == S.normal_floor(third, 0).value  # N5: the queen, never the two
    assert _normal(third.hands, third.leader, list(third.trick), 0, -1) == [S.card_id("SQ")]


# ---------------------------------------------------------------------------
# L2, L3, and the stated line's own cards
# ---------------------------------------------------------------------------

def test_L2_a_ruff_lead_stays_normal_where_it_is_the_lead_that_keeps_every_trick():
    # Spades trumps, the opponents have none. North leads: the diamond two, East's singleton king falling under
    # South's ruff, then the spade three to North's ace and the diamond three, takes all three. Cashing the
    # spade ace first crashes South's trumps and loses the diamond king's trick. The ruff lead is not a "loser
    # led for partner to ruff while a winner could be led": the winner led instead cashes fewer tricks (L2
    # keeps it open). The count rates the two leads alike in tricks; the ruff keeps more of the side's
    # masters (the ace and South's trump), so every class plays it.
    pos = P({"N": "SA D2 D3", "S": "S3 S2 H5", "E": "DK HA HK", "W": "C2 C3 C4"}, "S", "N")
    assert S.floor(pos, 0).value == 2
    assert nf(pos, pclass="club") == 3
    assert nf(pos, pclass="expert") == 3


def test_L3_a_claim_of_every_trick_does_not_start_with_the_suit_the_opponents_head():
    # North has the heart ace-king and a diamond, the diamond ace out. A claim of all three believes the
    # diamond good, so it is not led before the hearts; a claim that concedes a trick may lead it early.
    pos = P({"N": "HA HK D2", "S": "H2 H3 D3", "E": "DA C2 C3", "W": "DK C4 C5"}, None, "N")
    # the count gives it whatever the claim's size: his side holds no club, so a club player sees that the
    # defenders who win the diamond would cash clubs; a novice counts his own top cards only
    assert S.normal_floor(pos, 0, (), claims_all=False).value == 2
    assert S.normal_floor(pos, 0, (), claims_all=True).value == 2
    assert S.normal_floor(pos, 0, (), claims_all=True, pclass="novice").value == 0


def test_a_stated_card_of_the_suit_just_led_is_for_the_next_round():
    # "The club queen, a club to the ace, the king": East leads the queen; West does not drop the ace on it
    # (an overtake would have to be stated), so the ace wins the second round and the king the third.
    pos = P({"E": "CQ CT C9", "W": "CA CK C2", "N": "CJ C8 C7", "S": "D2 D3 D4"}, "H", "E")
    line = [S.Step.make("play", "CQ"), S.Step.make("play", "CA"), S.Step.make("play", "CK")]
    res = S.normal_floor(pos, 1, line, with_line=True)
    assert res.value == 3
    first = [S.card_str(c) for _, c, _, _, _ in res.line[:4]]
    assert first[0] == "CQ" and "CA" not in first


def test_a_stated_discard_is_made_on_the_sides_winning_trick_not_instead_of_a_sure_ruff():
    # Hearts trumps, the opponents have none. "Throw a diamond on the clubs": West's club two is beaten by
    # North's three, and East ruffs it (N1) instead of throwing the diamond; on West's club ace East throws it.
    pos = P({"W": "C2 CA", "N": "C3 S4", "E": "H7 D2", "S": "S2 S3"}, "H", "W")
    line = [S.Step.make("discard", suit="D", on="C")]
    assert S.normal_floor(pos, 1, line).value == 2


def test_the_case_reader_knows_the_classes_the_model_has():
    # engine.input.judgment reads player_class without loading the solver (it is read with every case); the
    # two lists must stay one list
    from engine.input.judgment import DEFAULT_PLAYER_CLASS, PLAYER_CLASSES
    from engine.mechanics.solver.normal import CLASS_ITEMS, CLASSES

    assert PLAYER_CLASSES == CLASSES == S.CLASSES
    assert DEFAULT_PLAYER_CLASS == S.DEFAULT_CLASS
    assert set(CLASS_ITEMS.values()) <= set(range(len(CLASSES)))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32 - 1), n=st.integers(2, 5))
def test_a_finding_only_narrows_the_normal_plays_and_never_lowers_the_floor(seed, n):
    # issue 29: the director's not_normal findings are applied after the model, so the claimer's normal plays
    # with a finding are a subset of those without it at every turn, and the least successful line can only
    # rise (a finding that would leave no play is not applied at that turn)
    rng = random.Random(seed)
    pos = random_position(rng, n)
    side = rng.randrange(2)
    seat = rng.choice((side, side + 2))
    held = [c for c in range(52) if pos.hands[seat] >> c & 1]
    finding = (seat, rng.choice(held), rng.choice((None, "lead", "follow", "discard", "ruff")))
    plain = S.normal_floor(pos, side, limit=None).value
    found = S.normal_floor(pos, side, limit=None, excluded=[finding]).value
    assert found >= plain


def _clear_memos():
    """Empty every memo the searches share (each a pure function of its key)."""
    from engine.mechanics.solver import moves, normal, search

    for mod in (moves, normal, search):
        for name, v in vars(mod).items():
            if name.startswith("_") and name[1:].isupper() and isinstance(v, dict):  # _COUNT, _LEGAL, ...
                v.clear()


def test_a_normal_floor_does_not_depend_on_what_the_process_searched_before():
    """The same hands searched in every strain, in one order and then, from empty memos, in the other: each
    strain's normal floor (value, bounds and nodes) is the same both times.  (An audit searches one deal in
    the strains of every table; the claimer's count was once memoised without the trump suit.)"""
    rng = random.Random(4711)
    for _ in range(6):
        base = random_position(rng, 6, trick_cards=0)
        positions = [S.Position(base.hands, t, base.leader, ()) for t in (-1, 0, 1, 2, 3)]
        for pclass in ("novice", "club", "expert"):
            def run(order):
                out = {}
                for i in order:
                    r = S.normal_floor(positions[i], 0, pclass=pclass, limit=20000)
                    out[i] = (r.value, r.lower, r.upper, r.nodes)
                return out

            _clear_memos()
            forward = run(range(5))
            _clear_memos()
            backward = run(reversed(range(5)))
            assert forward == backward, pclass
