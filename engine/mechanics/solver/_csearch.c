/* The compiled search core of engine.mechanics.solver (issue 26): the legal floor (a min-min search over every
 * legal play by all four players) and the double-dummy value (alpha-beta minimax), both driven by MTD(f)
 * null-window searches so that a search stopped at its node limit still returns proven bounds.
 *
 * It is a line-by-line port of the pure-Python search (search.py ``_Search`` with ``moves._Moves``), which stays
 * the reference the tests compare it with: the same first guess (one play-out following the move ordering, or
 * ``_min_choice`` for a floor), the same move generation (one card per run of equivalent cards, the cards still
 * in play deciding what is adjacent), the same move ordering (``order``, ``_lead_order``), the same quick bounds
 * (``_forced_count``: the trumps that must win; ``all_masters``: a leader holding only sure winners) and a
 * transposition table at trick boundaries keyed by the relative ranks of the cards still held (``hands_code``).
 * So the floor's nodes, in order, are Python's, as long as this table keeps every entry Python's dict would.
 *
 * The double-dummy search (``minimax``) is the same search with the side maximising, plus what only a
 * double-dummy value allows: its own move order within a trick (order_dd), the best lead of a position kept in
 * its table entry and tried first when the position comes back, and two more bounds at a trick boundary (the
 * leader's quick tricks; a leader whose every lead loses the trick).  Its values are search.py's ``minimax``
 * values; its node counts are its own.
 *
 * The budget counts nodes, never seconds: a node is counted where search.py counts it (each ``search`` call,
 * and each card played to a trick that is not its fourth), and the search stops once ``limit`` nodes have been
 * counted.  Nothing here depends on the machine: the same input gives the same result and the same node count.
 *
 * Memory: everything a search touches is in one ``Search`` struct and one transposition table, both allocated
 * for the call and freed after it (TT_MAX_ENTRIES entries of 24 bytes at most), so two threads searching at
 * once share nothing; the GIL is released while a search runs.  The table holds a power of two of entries,
 * room for twice the node limit, between 2^TT_MIN_BITS and 2^TT_MAX_BITS (48 MiB).
 *
 * Plain C99, no library beyond the C library and Python's API.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;

#define FULL 0x1FFFULL
#define INF 99
#define TT_MIN_BITS 12
#define TT_MAX_BITS 21 /* at most 2^21 entries of 24 bytes: 48 MiB per search (docs/claims.md) */
#define TT_PROBE 8     /* slots tried from an entry's home slot before the home slot is overwritten */

/* (A portable bit count: without -mpopcnt, gcc's builtin is a library call.) */
static int popcount64(u64 x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

/* The index of the highest set bit, -1 for 0 (Python's ``x.bit_length() - 1``). */
static int top_bit(u64 x) {
    if (!x)
        return -1;
#if defined(__GNUC__)
    return 63 - __builtin_clzll(x);
#else
    int r = -1;
    while (x) {
        x >>= 1;
        r++;
    }
    return r;
#endif
}

/* The state of a claimer's stated line (normal.py ``_Normal.step``, ``_step_done``, ``_mark_lead``; line.py
 * ``_advance``), kept here so that the transposition key already has room for it.  Unused for now: the plain
 * searches have no line, so every field stays 0 (``trick_step`` -1), as in search.py without a line. */
typedef struct {
    int step_idx;    /* the step of the line being followed (6 bits of the key) */
    int step_rounds; /* rounds played under it (5 bits of the key) */
    int trick_step;  /* the step under which the side led the trick in progress, or -1 */
    int known;       /* suits an opponent has shown out of (70E; 4 bits of the key) */
} LineState;

typedef struct {
    u64 k0, k1, k2; /* the key (see tt_key); the top byte of k2 holds lo << 4 | hi; k0 == 0: an empty slot */
} TTEntry;

typedef struct {
    u64 h[4];  /* the cards still held, by seat N E S W (card c is bit c: suit c / 13, rank c % 13) */
    u64 rem;   /* the cards still in play: in the hands or in the trick in progress */
    int trump; /* 0-3, or -1 for notrump */
    int leader;
    int trick[4];
    int ntrick;
    int side;          /* the side whose tricks are counted: 0 NS, 1 EW */
    int maximizing[2]; /* whether the seats of each parity maximise (search.py ``_maximizing``) */
    int minimax;       /* a double-dummy search (else a floor: every seat minimises) */
    int judged;        /* the parity of the seats whose play is judged (normal play), -1 for none: see judged_moves */
    u64 marks;         /* cards told apart in the key (a line's cards, targets): none yet */
    u64 code[4];       /* each suit's relative-rank code (hands_code), kept up to date at trick boundaries */
    LineState line;
    long long nodes;
    long long max_nodes; /* -1: no limit */
    int lo, hi;          /* the bounds MTD(f) has proved so far (read after a timeout) */
    jmp_buf timeout;
    TTEntry *tt;
    u64 tt_mask;
    int tt_bits;
} Search;

/* ------------------------------------------------------------------------------------------------------------
 * Trick arithmetic and legal moves (moves.py)
 * ---------------------------------------------------------------------------------------------------------- */

static int suit_bits(u64 m, int suit) { return (int)((m >> (13 * suit)) & FULL); }

/* Index in the trick (play order) of the card winning it so far (core.winner_index). */
static int winner_index(const int *cards, int n, int trump) {
    int best = 0, bc = cards[0], bs = cards[0] / 13;
    for (int i = 1; i < n; i++) {
        int c = cards[i], s = c / 13;
        if (s == bs) {
            if (c > bc) {
                best = i;
                bc = c;
            }
        } else if (s == trump) {
            best = i;
            bc = c;
            bs = s;
        }
    }
    return best;
}

/* One card per run of the cards of ``m`` adjacent among the ``live`` cards of a suit, from the top (_reps). */
static int reps(int m, int live, int base, int *out) {
    int n = 0, inside = 0;
    for (u64 x = (u64)live; x; x ^= 1ULL << top_bit(x)) {
        int r = top_bit(x);
        if ((m >> r) & 1) {
            if (!inside) {
                out[n++] = base + r;
                inside = 1;
            }
        } else {
            inside = 0;
        }
    }
    return n;
}

/* The legal moves of ``seat`` (one per run of equivalent cards): the suit led if held, else every suit in order. */
static int legal_reps(const Search *s, int seat, int *out) {
    u64 hand = s->h[seat];
    if (s->ntrick) {
        int ls = s->trick[0] / 13;
        int m = suit_bits(hand, ls);
        if (m)
            return reps(m, suit_bits(s->rem, ls), 13 * ls, out);
    }
    int n = 0;
    for (int su = 0; su < 4; su++) {
        int m = suit_bits(hand, su);
        if (m)
            n += reps(m, suit_bits(s->rem, su), 13 * su, out + n);
    }
    return n;
}

/* The moves of a seat whose play is judged (the side's, in a normal-play search).  Today no search judges a
 * seat (``judged`` is -1) and this is the plain legal-move generator.  The normal-play model goes here when it
 * is ported (normal.py ``_Normal.normal_moves`` / ``_normal_moves``): the line's constraint on the step being
 * followed (``_constrain``, after ``step`` and ``_step_done`` advanced the LineState), the standing discards
 * (``_standing_discard``), the director's findings (``_findings``), the irrational plays I1-I3 taken out
 * (``_irrational``, ``_i2``), the normal-play items L1, L3, E2, N3, N4 and the discards (``_l1``, ``_l3``,
 * ``_e2``, ``_n3``, ``_n4``, ``_discards``, ``card_worth``), the cards kept for later (``_keep``); and in
 * ``play`` the 70E split of a judged seat's moves into plain ones and suits chosen in the side's favour
 * (search.py ``_groups`` / ``_grouped``).  A lead of the side also marks the line's state (``_mark_lead``) in
 * ``child``, and the line's cards are told apart in the key through ``marks``. */
static int judged_moves(const Search *s, int seat, int *out) { return legal_reps(s, seat, out); }

static int beats(const Search *s, int card, int best) {
    int su = card / 13, bs = best / 13;
    if (su == bs)
        return card > best;
    return su == s->trump;
}

static void current_winner(const Search *s, int *seat, int *card) {
    int i = winner_index(s->trick, s->ntrick, s->trump);
    *seat = (s->leader + i) % 4;
    *card = s->trick[i];
}

/* A stable sort of ``moves`` by ``keys`` (Python's ``sorted`` keeps equal keys in their order). */
static void sort_by_keys(int *moves, int *keys, int n) {
    for (int i = 1; i < n; i++) {
        int m = moves[i], k = keys[i], j = i - 1;
        while (j >= 0 && keys[j] > k) {
            moves[j + 1] = moves[j];
            keys[j + 1] = keys[j];
            j--;
        }
        moves[j + 1] = m;
        keys[j + 1] = k;
    }
}

/* Leads ordered by who is likely to win the trick (moves._Moves._lead_order). */
static void lead_order(const Search *s, int seat, int *moves, int n, int want_win) {
    const u64 *h = s->h;
    int P = (seat + 2) % 4, o1 = (seat + 1) % 4, o2 = (seat + 3) % 4, trump = s->trump;
    int keys[13];
    for (int i = 0; i < n; i++) {
        int m = moves[i], su = m / 13, r = m % 13;
        int opp = suit_bits(h[o1] | h[o2], su), part = suit_bits(h[P], su);
        int otop = top_bit((u64)opp), ptop = top_bit((u64)part);
        int ruff = trump >= 0 && su != trump &&
                   ((!suit_bits(h[o1], su) && suit_bits(h[o1], trump)) ||
                    (!suit_bits(h[o2], su) && suit_bits(h[o2], trump)));
        int k;
        if (want_win) {
            if (r > otop && !ruff)
                k = 12 - r; /* (0, -r) */
            else if (ptop > otop && !ruff)
                k = 16 + r; /* (1, r) */
            else
                k = 32 + 12 - r; /* (2, -r) */
        } else {
            int mx = r > ptop ? r : ptop;
            k = (otop > mx || ruff) ? r : 16 + r; /* (0, r) or (1, r) */
        }
        keys[i] = k;
    }
    sort_by_keys(moves, keys, n);
}

/* Move ordering: moves that hand the trick to the side the node favours first (moves._Moves.order). */
static void order(const Search *s, int seat, int *moves, int n, int minimizing_for_side) {
    if (n < 2)
        return;
    int favour_own = (seat & 1) == s->side;
    int want_win = favour_own != minimizing_for_side;
    if (!s->ntrick) {
        lead_order(s, seat, moves, n, want_win);
        return;
    }
    int wseat, best;
    current_winner(s, &wseat, &best);
    int keys[13];
    for (int i = 0; i < n; i++) {
        int m = moves[i], r = m % 13, b = beats(s, m, best);
        if (want_win)
            keys[i] = b ? r : 16 + r; /* (0, r) if it beats, else (1, r) */
        else
            keys[i] = b ? 16 + r : 12 - r; /* (1, r) if it beats, else (0, -r) */
    }
    sort_by_keys(moves, keys, n);
}

/* Whether ``seat``, still to play to the trick, holds a legal card beating ``best`` (moves._Moves._can_beat). */
static int can_beat(const Search *s, int seat, int best, int led) {
    u64 hand = s->h[seat];
    int bs = best / 13;
    int led_cards = suit_bits(hand, led);
    if (led_cards) {
        if (bs != led)
            return 0;
        return (led_cards >> (best % 13 + 1)) != 0;
    }
    if (s->trump < 0)
        return 0;
    int trumps = suit_bits(hand, s->trump);
    if (!trumps)
        return 0;
    if (bs != s->trump)
        return 1;
    return (trumps >> (best % 13 + 1)) != 0;
}

/* Move ordering of a double-dummy search (the floor keeps ``order``, search.py's, so that its nodes are
 * Python's): leads as ``order``; following, a seat whose partner is winning the trick plays low first (and beats
 * partner's card last), a seat whose opponent is winning tries the lowest card that beats it first (following
 * suit before ruffing), then its low cards; low cards from the lowest, trumps (on a side suit) last. */
static void order_dd(const Search *s, int seat, int *moves, int n) {
    if (n < 2)
        return;
    if (!s->ntrick) {
        lead_order(s, seat, moves, n, 1);
        return;
    }
    int wseat, best;
    current_winner(s, &wseat, &best);
    int partner_winning = (wseat & 1) == (seat & 1);
    int led = s->trick[0] / 13, trump = s->trump;
    if (partner_winning && s->ntrick == 2 && can_beat(s, (seat + 1) % 4, best, led))
        partner_winning = 0; /* third hand: partner's card would be beaten by the fourth, so play to beat it */
    int keys[13];
    for (int i = 0; i < n; i++) {
        int m = moves[i], r = m % 13, b = beats(s, m, best);
        int ruff = m / 13 == trump && led != trump;
        if (partner_winning)
            keys[i] = b ? 64 + (ruff ? 16 : 0) + r : (ruff ? 32 : 0) + r;
        else
            keys[i] = b ? (ruff ? 16 : 0) + r : 64 + (ruff ? 32 : 0) + r;
    }
    sort_by_keys(moves, keys, n);
}

/* A play-out's card when every player's choice goes against the side (search.py ``_min_choice``). */
static int min_choice(const Search *s, int seat, const int *moves, int n) {
    const u64 *h = s->h;
    int trump = s->trump, side = s->side;
    int mine = (seat & 1) == side;
    if (!s->ntrick) {
        if (mine) {
            int tmp[13];
            memcpy(tmp, moves, sizeof(int) * n);
            lead_order(s, seat, tmp, n, 0);
            return tmp[0];
        }
        int best = moves[0], key = 0, have = 0;
        for (int i = 0; i < n; i++) {
            int m = moves[i], su = m / 13, r = m % 13;
            int theirs = suit_bits(h[side] | h[side + 2], su);
            int ruff = 0;
            if (trump >= 0 && su != trump) {
                for (int x = side; x <= side + 2; x += 2)
                    if (!suit_bits(h[x], su) && suit_bits(h[x], trump))
                        ruff = 1;
            }
            int ttop = top_bit((u64)theirs);
            int sure = r > ttop && !ruff;
            int length = popcount64((u64)suit_bits(h[seat], su));
            int k;
            if (sure)
                k = (13 - length) * 16 + (12 - r); /* (0, -length, -r) */
            else
                k = ((ttop < 12 && !ruff) ? 1 : 2) * 4096 + r; /* (1 or 2, r) */
            if (!have || k < key) {
                best = m;
                key = k;
                have = 1;
            }
        }
        return best;
    }
    int win_seat, winning;
    current_winner(s, &win_seat, &winning);
    int led = s->trick[0] / 13;
    int following = suit_bits(h[seat], led);
    if (mine) {
        int pool[13], np = 0;
        for (int i = 0; i < n; i++)
            if (!beats(s, moves[i], winning))
                pool[np++] = moves[i];
        if (!np) {
            memcpy(pool, moves, sizeof(int) * n);
            np = n;
        }
        int best = pool[0];
        if (following) {
            int want_max = (win_seat & 1) != side;
            for (int i = 1; i < np; i++)
                if (want_max ? pool[i] > best : pool[i] < best)
                    best = pool[i];
            return best;
        }
        /* throwing: the side's most valuable card it may throw, (not a trump, rank), the first maximum */
        int bk = (best / 13 != trump) * 16 + best % 13;
        for (int i = 1; i < np; i++) {
            int k = (pool[i] / 13 != trump) * 16 + pool[i] % 13;
            if (k > bk) {
                best = pool[i];
                bk = k;
            }
        }
        return best;
    }
    int best = -1, bk = 0;
    if ((win_seat & 1) == side) {
        for (int i = 0; i < n; i++) { /* the winners first, (a trump on a side suit, rank), the first minimum */
            int m = moves[i];
            if (!beats(s, m, winning))
                continue;
            int k = (m / 13 == trump && led != trump) * 16 + m % 13;
            if (best < 0 || k < bk) {
                best = m;
                bk = k;
            }
        }
        if (best >= 0)
            return best;
    }
    for (int i = 0; i < n; i++) { /* low, keeping the trumps: (a trump, rank), the first minimum */
        int m = moves[i];
        int k = (m / 13 == trump) * 16 + m % 13;
        if (best < 0 || k < bk) {
            best = m;
            bk = k;
        }
    }
    return best;
}

/* ------------------------------------------------------------------------------------------------------------
 * Quick bounds (search.py ``_forced_count``, ``forced``, ``bounds``, ``_boundary_bounds``, ``all_masters``)
 * ---------------------------------------------------------------------------------------------------------- */

static int forced_count(int a, int b, int opp, int extra) {
    int theirs = opp | extra, mine = a | b, best = 0, ka = 0, kb = 0, y = 0;
    for (int r = 12; r >= 0; r--) {
        int bit = 1 << r;
        if (theirs & bit)
            y++;
        if (mine & bit) {
            if (a & bit)
                ka++;
            if (b & bit)
                kb++;
            int v = (ka > kb ? ka : kb) - y;
            if (v > best)
                best = v;
        }
    }
    return best;
}

static int forced(const Search *s, int side) {
    int t = s->trump;
    if (t < 0)
        return 0;
    int a = suit_bits(s->h[side], t), b = suit_bits(s->h[side + 2], t);
    if (!(a || b))
        return 0;
    int opp = suit_bits(s->h[1 - side] | s->h[3 - side], t);
    int extra = 0;
    for (int i = 0; i < s->ntrick; i++) {
        int c = s->trick[i];
        if (c / 13 == t && ((s->leader + i) & 1) != side)
            extra |= 1 << (c % 13);
    }
    return forced_count(a, b, opp, extra);
}

static int all_masters(const Search *s, int seat) {
    const u64 *h = s->h;
    u64 hand = h[seat];
    int t = s->trump;
    u64 others = (h[0] | h[1] | h[2] | h[3]) ^ hand;
    if (t >= 0 && suit_bits(others, t) && (hand & ~(FULL << (13 * t))))
        return 0;
    for (int su = 0; su < 4; su++) {
        int mine = suit_bits(hand, su);
        if (mine && suit_bits(others, su) >= (mine & -mine))
            return 0;
    }
    return 1;
}

/* The run of a suit's top cards ``seat`` holds (among the cards still held), as tricks it can cash one after
 * another: in a side suit, no more rounds than the shortest holding of an opponent of ``seat`` who holds a trump
 * (he could ruff the next). */
static int cashable_run(const Search *s, int seat, int su) {
    const u64 *h = s->h;
    int mine = suit_bits(h[seat], su);
    if (!mine)
        return 0;
    int live = suit_bits(h[0] | h[1] | h[2] | h[3], su), k = 0, t = s->trump;
    for (int r = 12; r >= 0; r--) {
        if (!((live >> r) & 1))
            continue;
        if (!((mine >> r) & 1))
            break;
        k++;
    }
    if (k && t >= 0 && su != t) {
        for (int o = seat + 1; o <= seat + 3; o += 2) {
            int opp = o % 4;
            if (suit_bits(h[opp], t)) {
                int len = popcount64((u64)suit_bits(h[opp], su));
                if (len < k)
                    k = len;
            }
        }
    }
    return k;
}

/* Tricks the side of ``seat``, on lead, takes for certain in a double-dummy search: the runs of top cards
 * ``seat`` holds, cashed one suit after another (the opponents who could ruff follow suit throughout, see
 * cashable_run); or, when ``seat`` holds a card of a suit in which partner holds the top card (partner wins
 * the trick it is led to), partner's runs, cashed after that crossing.  Not a bound of a floor (there the
 * side's own plays go against it). */
static int quick_tricks(const Search *s, int seat) {
    int P = (seat + 2) % 4, own = 0, partner = 0, cross = 0;
    for (int su = 0; su < 4; su++) {
        own += cashable_run(s, seat, su);
        int pk = cashable_run(s, P, su);
        partner += pk;
        if (pk && suit_bits(s->h[seat], su))
            cross = 1;
    }
    return cross && partner > own ? partner : own;
}

/* Whether the side of ``seat``, on lead, must lose the trick: in every suit ``seat`` holds, an opponent holds
 * a card above all the side's cards of the suit, or (a side suit) can ruff it, and partner cannot ruff it. */
static int must_lose_lead(const Search *s, int seat) {
    const u64 *h = s->h;
    int P = (seat + 2) % 4, o1 = (seat + 1) % 4, o2 = (seat + 3) % 4, t = s->trump;
    if (!h[seat])
        return 0; /* (no trick left to lose) */
    for (int su = 0; su < 4; su++) {
        int mine = suit_bits(h[seat], su);
        if (!mine)
            continue;
        int side_top = top_bit((u64)(mine | suit_bits(h[P], su)));
        int opp_top = top_bit((u64)suit_bits(h[o1] | h[o2], su));
        int lost = opp_top > side_top;
        if (t >= 0 && su != t) {
            if ((!suit_bits(h[o1], su) && suit_bits(h[o1], t)) || (!suit_bits(h[o2], su) && suit_bits(h[o2], t)))
                lost = 1;
            if (!suit_bits(h[P], su) && suit_bits(h[P], t))
                lost = 0; /* partner could ruff */
        }
        if (!lost)
            return 0;
    }
    return 1;
}

static void add_quick_tricks(const Search *s, int n, int *lo, int *hi) {
    int q = quick_tricks(s, s->leader);
    int lose = q == 0 && must_lose_lead(s, s->leader);
    if ((s->leader & 1) == s->side) {
        if (q > *lo)
            *lo = q;
        if (lose && n - 1 < *hi)
            *hi = n - 1;
    } else {
        if (n - q < *hi)
            *hi = n - q;
        if (lose && *lo < 1)
            *lo = 1;
    }
}

static void bounds(const Search *s, int n, int *lo, int *hi) {
    *lo = forced(s, s->side);
    *hi = n - forced(s, 1 - s->side);
    if (!s->ntrick && all_masters(s, s->leader)) {
        if ((s->leader & 1) == s->side)
            *lo = n;
        else
            *hi = 0;
    }
    if (!s->ntrick && s->minimax)
        add_quick_tricks(s, n, lo, hi);
}

static void boundary_bounds(const Search *s, int n, int *lo, int *hi) {
    *lo = 0;
    *hi = n;
    int t = s->trump;
    if (t >= 0) {
        int a0 = suit_bits(s->h[0], t), a1 = suit_bits(s->h[1], t), a2 = suit_bits(s->h[2], t),
            a3 = suit_bits(s->h[3], t);
        if (s->side == 0) {
            if (a0 || a2)
                *lo = forced_count(a0, a2, a1 | a3, 0);
            if (a1 || a3)
                *hi = n - forced_count(a1, a3, a0 | a2, 0);
        } else {
            if (a1 || a3)
                *lo = forced_count(a1, a3, a0 | a2, 0);
            if (a0 || a2)
                *hi = n - forced_count(a0, a2, a1 | a3, 0);
        }
    }
    if (all_masters(s, s->leader)) {
        if ((s->leader & 1) == s->side)
            *lo = n;
        else
            *hi = 0;
    }
    if (s->minimax)
        add_quick_tricks(s, n, lo, hi);
}

/* ------------------------------------------------------------------------------------------------------------
 * The transposition table (search.py ``key``; moves.py ``hands_code``)
 * ---------------------------------------------------------------------------------------------------------- */

/* The owners of a suit's cards still held, from the top, 3 bits a card (4 added for a marked card), after a
 * leading 1 bit: at most 40 bits (moves._suit_code).  Cards already played are left out, so positions that
 * differ only in them share a code. */
static u64 suit_code(const Search *s, int su) {
    int a = suit_bits(s->h[0], su), b = suit_bits(s->h[1], su), c = suit_bits(s->h[2], su),
        d = suit_bits(s->h[3], su), marks = suit_bits(s->marks, su);
    int live = a | b | c | d;
    u64 code = 1;
    for (u64 x = (u64)live; x; x ^= 1ULL << top_bit(x)) {
        int bit = 1 << top_bit(x);
        int owner = (a & bit) ? 0 : (b & bit) ? 1 : (c & bit) ? 2 : 3;
        if (marks & bit)
            owner += 4;
        code = (code << 3) | (u64)owner;
    }
    return code;
}

/* The key at a trick boundary: the four suit codes (40 bits each), the leader and the line's state, in three
 * words; the top byte of the third is left for the entry's bounds. */
static void tt_key(const Search *s, u64 *k0, u64 *k1, u64 *k2) {
    const LineState *ln = &s->line;
    *k0 = s->code[0] | ((u64)s->leader << 40) | ((u64)(ln->step_idx & 63) << 42) |
          ((u64)(ln->step_rounds & 31) << 48) | ((u64)(ln->known & 15) << 53);
    *k1 = s->code[1] | ((s->code[2] & 0xFFFFFFULL) << 40);
    *k2 = s->code[3] | ((s->code[2] >> 24) << 40);
}

#define K2_MASK 0x00FFFFFFFFFFFFFFULL
#define K0_MASK 0x01FFFFFFFFFFFFFFULL /* the top 7 bits of k0: the best lead found (double dummy), see move_code */

/* A lead as the key sees it: 1 + 13 * suit + (the number of cards of the suit still held above it), 0 for none;
 * positions sharing a key hold their cards in the same relative order, so the code names the same lead in each. */
static int move_code(const Search *s, int card) {
    if (card < 0)
        return 0;
    int su = card / 13, r = card % 13;
    int live = suit_bits(s->h[0] | s->h[1] | s->h[2] | s->h[3], su);
    return 1 + 13 * su + popcount64((u64)(live >> (r + 1)));
}

/* The card a stored move code names in the present position, or -1. */
static int tt_move(const Search *s, const TTEntry *e) {
    int code = (int)(e->k0 >> 57);
    if (!code)
        return -1;
    code--;
    int su = code / 13, above = code % 13;
    int live = suit_bits(s->h[0] | s->h[1] | s->h[2] | s->h[3], su);
    for (int r = 12; r >= 0; r--) {
        if (!((live >> r) & 1))
            continue;
        if (!above--)
            return 13 * su + r;
    }
    return -1;
}

static u64 tt_home(const Search *s, u64 k0, u64 k1, u64 k2) {
    u64 x = k0 * 0x9E3779B97F4A7C15ULL ^ k1 * 0xC2B2AE3D27D4EB4FULL ^ k2 * 0x165667B19E3779F9ULL;
    x ^= x >> 31;
    x *= 0xD6E8FEB86659FD93ULL;
    x ^= x >> 32;
    return x & s->tt_mask;
}

/* The entry for the key, or NULL. */
static const TTEntry *tt_get(const Search *s, u64 k0, u64 k1, u64 k2) {
    u64 i = tt_home(s, k0, k1, k2);
    for (int p = 0; p < TT_PROBE; p++) {
        const TTEntry *e = &s->tt[(i + p) & s->tt_mask];
        if (!e->k0)
            return NULL;
        if ((e->k0 & K0_MASK) == k0 && e->k1 == k1 && (e->k2 & K2_MASK) == k2)
            return e;
    }
    return NULL;
}

/* Keep (lo, hi) under the key: its own slot, else the first empty slot of the probe window, else the home slot
 * is overwritten (the table never grows: a full window costs an older entry, never memory). */
static void tt_put(Search *s, u64 k0, u64 k1, u64 k2, int lo, int hi, int card) {
    u64 i = tt_home(s, k0, k1, k2);
    TTEntry *slot = &s->tt[i];
    for (int p = 0; p < TT_PROBE; p++) {
        TTEntry *e = &s->tt[(i + p) & s->tt_mask];
        if (!e->k0 || ((e->k0 & K0_MASK) == k0 && e->k1 == k1 && (e->k2 & K2_MASK) == k2)) {
            slot = e;
            break;
        }
    }
    slot->k0 = k0 | ((u64)move_code(s, card) << 57);
    slot->k1 = k1;
    slot->k2 = k2 | ((u64)((lo << 4) | hi) << 56);
}

/* ------------------------------------------------------------------------------------------------------------
 * The search (search.py ``search``, ``play``, ``child``)
 * ---------------------------------------------------------------------------------------------------------- */

static int search(Search *s, int alpha, int beta);

static inline void tick(Search *s) {
    s->nodes++;
    if (s->max_nodes >= 0 && s->nodes > s->max_nodes)
        longjmp(s->timeout, 1);
}

static int child(Search *s, int card, int alpha, int beta);

/* The player to move chooses a card; ``lo``/``hi`` bound the node's value. */
static int play(Search *s, int alpha, int beta, int lo, int hi, int hint, int *bm) {
    int seat = (s->leader + s->ntrick) % 4;
    int parity = seat & 1;
    int maximize = s->maximizing[parity];
    int moves[13], n;
    if (parity != s->judged)
        n = legal_reps(s, seat, moves);
    else
        n = judged_moves(s, seat, moves); /* (the 70E groups of search.py ``_groups`` go here too) */
    if (s->minimax)
        order_dd(s, seat, moves, n);
    else
        order(s, seat, moves, n, !maximize);
    if (hint >= 0) { /* a double-dummy search: the card that was best here before first (the rest in order) */
        for (int i = 1; i < n; i++)
            if (moves[i] == hint) {
                memmove(moves + 1, moves, sizeof(int) * i);
                moves[0] = hint;
                break;
            }
    }
    int bi = 0;
    if (maximize) {
        int best = -INF;
        for (int i = 0; i < n; i++) {
            int v = child(s, moves[i], alpha >= best ? alpha : best, beta);
            if (v > best) {
                best = v;
                bi = i;
                if (best >= beta || best >= hi)
                    break;
            }
        }
        if (bm)
            *bm = moves[bi];
        return best;
    }
    int best = INF;
    for (int i = 0; i < n; i++) {
        int v = child(s, moves[i], alpha, beta <= best ? beta : best);
        if (v < best) {
            best = v;
            bi = i;
            if (best <= alpha || best <= lo)
                break;
        }
    }
    if (bm)
        *bm = moves[bi];
    return best;
}

static int child(Search *s, int card, int alpha, int beta) {
    int k = s->ntrick;
    int seat = (s->leader + k) % 4;
    u64 bit = 1ULL << card;
    int v;
    /* (a normal-play search marks the side's lead against its line here: normal.py ``_mark_lead``, and the
     * suits an opponent shows out of become known: LineState.known) */
    s->h[seat] ^= bit;
    s->trick[k] = card;
    s->ntrick = k + 1;
    if (k < 3) {
        tick(s); /* search() with a trick in progress, inline: the tick, then play */
        v = play(s, alpha, beta, 0, INF, -1, NULL);
        s->ntrick = k;
    } else {
        int i = winner_index(s->trick, 4, s->trump);
        int leader = s->leader;
        int win_seat = (leader + i) % 4;
        int gained = (win_seat & 1) == s->side;
        u64 rem = s->rem;
        u64 saved[4];
        int cards[4];
        memcpy(saved, s->code, sizeof saved);
        memcpy(cards, s->trick, sizeof cards); /* the next trick is played into the same array */
        int touched = 0;
        for (int j = 0; j < 4; j++) {
            s->rem &= ~(1ULL << s->trick[j]);
            touched |= 1 << (s->trick[j] / 13);
        }
        for (int su = 0; su < 4; su++)
            if (touched >> su & 1)
                s->code[su] = suit_code(s, su);
        /* (a line's rounds are counted here: search.py ``step_rounds``) */
        s->ntrick = 0;
        s->leader = win_seat;
        v = gained + search(s, alpha - gained, beta - gained);
        memcpy(s->code, saved, sizeof saved);
        memcpy(s->trick, cards, sizeof cards);
        s->rem = rem;
        s->leader = leader;
        s->ntrick = k;
    }
    s->h[seat] ^= bit;
    return v;
}

static int search(Search *s, int alpha, int beta) {
    tick(s);
    if (s->ntrick)
        return play(s, alpha, beta, 0, INF, -1, NULL);
    int n = popcount64(s->h[s->leader]);
    if (!n)
        return 0;
    /* (a normal-play search advances its line here: normal.py ``step``) */
    u64 k0, k1, k2;
    tt_key(s, &k0, &k1, &k2);
    const TTEntry *e = tt_get(s, k0, k1, k2);
    int lo, hi;
    if (!e) {
        boundary_bounds(s, n, &lo, &hi);
        if (lo == hi)
            return lo;
    } else {
        int b = (int)(e->k2 >> 56);
        lo = b >> 4;
        hi = b & 15;
    }
    if (lo >= beta)
        return lo;
    if (hi <= alpha)
        return hi;
    if (lo == hi)
        return lo;
    int a0 = alpha > lo ? alpha : lo;
    int b0 = beta < hi ? beta : hi;
    int hint = -1, bm = -1;
    if (e && s->minimax)
        hint = tt_move(s, e);
    int v = play(s, a0, b0, lo, hi, hint, s->minimax ? &bm : NULL);
    if (v <= a0) {
        if (v < hi)
            hi = v;
    } else if (v >= b0) {
        if (v > lo)
            lo = v;
    } else {
        lo = hi = v;
    }
    tt_put(s, k0, k1, k2, lo, hi, bm);
    return v;
}

/* The value of one play-out following the move ordering (or ``min_choice`` for a floor): MTD(f)'s first guess.
 * It counts no nodes, as in search.py. */
static int guess(Search *s) {
    u64 h[4], rem = s->rem;
    int trick[4], ntrick = s->ntrick, leader = s->leader;
    memcpy(h, s->h, sizeof h);
    memcpy(trick, s->trick, sizeof trick);
    int total = 0;
    for (;;) {
        if (!s->ntrick && !s->h[s->leader])
            break;
        int seat = (s->leader + s->ntrick) % 4;
        int moves[13], n;
        int maximize = s->maximizing[seat & 1];
        n = (seat & 1) == s->judged ? judged_moves(s, seat, moves) : legal_reps(s, seat, moves);
        int card;
        if (n > 1 && !(maximize || s->minimax)) {
            card = min_choice(s, seat, moves, n);
        } else {
            order(s, seat, moves, n, !maximize);
            card = moves[0];
        }
        s->h[seat] ^= 1ULL << card;
        s->trick[s->ntrick++] = card;
        if (s->ntrick == 4) {
            int i = winner_index(s->trick, 4, s->trump);
            int win = (s->leader + i) % 4;
            total += (win & 1) == s->side;
            for (int j = 0; j < 4; j++)
                s->rem &= ~(1ULL << s->trick[j]);
            s->ntrick = 0;
            s->leader = win;
        }
    }
    memcpy(s->h, h, sizeof h);
    memcpy(s->trick, trick, sizeof trick);
    s->ntrick = ntrick;
    s->leader = leader;
    s->rem = rem;
    return total;
}

/* MTD(f): null-window searches from a first guess.  Returns 1 when exact (lo == hi), 0 when the node limit was
 * reached (s->lo and s->hi are the bounds proved). */
static int run(Search *s) {
    int n = popcount64(s->h[s->leader]) + (s->ntrick ? 1 : 0);
    int lo, hi;
    bounds(s, n, &lo, &hi);
    s->lo = lo;
    s->hi = hi;
    int g = guess(s);
    if (g < s->lo)
        g = s->lo;
    if (g > s->hi)
        g = s->hi;
    if (setjmp(s->timeout))
        return 0;
    while (s->lo < s->hi) {
        int beta = g == s->lo ? g + 1 : g;
        g = search(s, beta - 1, beta);
        if (g < beta) {
            if (g < s->hi)
                s->hi = g;
        } else {
            if (g > s->lo)
                s->lo = g;
        }
    }
    return 1;
}

/* ------------------------------------------------------------------------------------------------------------
 * The Python interface
 * ---------------------------------------------------------------------------------------------------------- */

/* The table's size for a search of ``limit`` nodes (-1: none): room for twice the nodes, as a power of two
 * between 2^TT_MIN_BITS and 2^TT_MAX_BITS entries (a search stores at most one entry a node). */
static int tt_bits_for(long long limit) {
    int bits = TT_MIN_BITS;
    if (limit < 0)
        return TT_MAX_BITS;
    while (bits < TT_MAX_BITS && (1LL << bits) < 2 * limit)
        bits++;
    return bits;
}

static const char *check_position(const u64 *h, int trump, int leader, const int *trick, int ntrick, int side) {
    u64 seen = 0;
    if (trump < -1 || trump > 3)
        return "trump must be -1 (notrump) or 0-3";
    if (leader < 0 || leader > 3)
        return "leader must be a seat 0-3";
    if (side < 0 || side > 1)
        return "side must be 0 (NS) or 1 (EW)";
    if (ntrick < 0 || ntrick > 3)
        return "a trick in progress has at most three cards";
    for (int i = 0; i < 4; i++) {
        if (h[i] >> 52)
            return "a hand holds a card outside 0-51";
        if (h[i] & seen)
            return "a card is in two hands";
        seen |= h[i];
    }
    for (int i = 0; i < ntrick; i++) {
        if (trick[i] < 0 || trick[i] > 51)
            return "a card of the trick is outside 0-51";
        if ((seen >> trick[i]) & 1)
            return "a card of the trick is also held or played twice";
        seen |= 1ULL << trick[i];
    }
    int n = popcount64(h[leader]) + (ntrick ? 1 : 0);
    if (n > 13)
        return "more than 13 tricks left";
    for (int i = 0; i < 4; i++) {
        int seat = (leader + i) % 4;
        int want = i < ntrick ? n - 1 : n;
        if (popcount64(h[seat]) != want)
            return "the hands do not hold the same number of cards (with the trick in progress)";
    }
    return NULL;
}

PyDoc_STRVAR(solve_doc,
             "solve(hands, trump, leader, trick, side, minimax, limit) -> (value, lower, upper, nodes)\n\n"
             "hands: four ints (52-bit card masks, seats N E S W); trump -1..3; leader 0-3; trick: up to three\n"
             "card ids played from the leader on; side 0 (NS) or 1 (EW); minimax: False for the legal floor (a\n"
             "min-min search over every legal play), True for the double-dummy value; limit: the node limit, or\n"
             "None.  value is None when the limit was reached (lower and upper are then the proven bounds).");

static PyObject *py_solve(PyObject *self, PyObject *args) {
    PyObject *hands, *trick, *limit_obj;
    int trump, leader, side, minimax;
    (void)self;
    if (!PyArg_ParseTuple(args, "OiiOipO", &hands, &trump, &leader, &trick, &side, &minimax, &limit_obj))
        return NULL;
    u64 h[4];
    int tr[4] = {0, 0, 0, 0}, ntrick;
    PyObject *hs = PySequence_Fast(hands, "hands must be a sequence of four ints");
    if (!hs)
        return NULL;
    if (PySequence_Fast_GET_SIZE(hs) != 4) {
        Py_DECREF(hs);
        PyErr_SetString(PyExc_ValueError, "hands must hold four masks");
        return NULL;
    }
    for (int i = 0; i < 4; i++) {
        h[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(hs, i));
        if (PyErr_Occurred()) {
            Py_DECREF(hs);
            return NULL;
        }
    }
    Py_DECREF(hs);
    PyObject *ts = PySequence_Fast(trick, "trick must be a sequence of card ids");
    if (!ts)
        return NULL;
    Py_ssize_t nt = PySequence_Fast_GET_SIZE(ts);
    if (nt > 3) {
        Py_DECREF(ts);
        PyErr_SetString(PyExc_ValueError, "a trick in progress has at most three cards");
        return NULL;
    }
    ntrick = (int)nt;
    for (int i = 0; i < ntrick; i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(ts, i));
        if (c == -1 && PyErr_Occurred()) {
            Py_DECREF(ts);
            return NULL;
        }
        tr[i] = (c < -1 || c > 52) ? -1 : (int)c;
    }
    Py_DECREF(ts);
    long long limit = -1;
    if (limit_obj != Py_None) {
        limit = PyLong_AsLongLong(limit_obj);
        if (limit == -1 && PyErr_Occurred())
            return NULL;
        if (limit < 0)
            limit = 0;
    }
    const char *bad = check_position(h, trump, leader, tr, ntrick, side);
    if (bad) {
        PyErr_SetString(PyExc_ValueError, bad);
        return NULL;
    }
    Search *s = (Search *)calloc(1, sizeof(Search));
    if (!s)
        return PyErr_NoMemory();
    s->tt_bits = tt_bits_for(limit);
    s->tt_mask = (1ULL << s->tt_bits) - 1;
    s->tt = (TTEntry *)calloc((size_t)1 << s->tt_bits, sizeof(TTEntry));
    if (!s->tt) {
        free(s);
        return PyErr_NoMemory();
    }
    memcpy(s->h, h, sizeof h);
    s->rem = h[0] | h[1] | h[2] | h[3];
    for (int i = 0; i < ntrick; i++) {
        s->trick[i] = tr[i];
        s->rem |= 1ULL << tr[i];
    }
    s->ntrick = ntrick;
    s->trump = trump;
    s->leader = leader;
    s->side = side;
    s->minimax = minimax;
    s->judged = -1;
    s->line.trick_step = -1;
    for (int p = 0; p < 2; p++)
        s->maximizing[p] = minimax ? (p == side) : 0;
    for (int su = 0; su < 4; su++)
        s->code[su] = suit_code(s, su);
    s->max_nodes = limit;
    int exact;
    Py_BEGIN_ALLOW_THREADS exact = run(s);
    Py_END_ALLOW_THREADS
    long long nodes = s->nodes;
    int lo = s->lo, hi = s->hi;
    free(s->tt);
    free(s);
    if (exact)
        return Py_BuildValue("iiiL", lo, lo, lo, nodes);
    return Py_BuildValue("OiiL", Py_None, lo, hi, nodes);
}

static PyMethodDef methods[] = {
    {"solve", py_solve, METH_VARARGS, solve_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_csearch",
    "The compiled search core of engine.mechanics.solver: the legal floor and the double-dummy value.", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__csearch(void) {
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    if (PyModule_AddIntConstant(m, "TT_MAX_ENTRIES", 1L << TT_MAX_BITS) < 0 ||
        PyModule_AddIntConstant(m, "TT_ENTRY_BYTES", (long)sizeof(TTEntry)) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
