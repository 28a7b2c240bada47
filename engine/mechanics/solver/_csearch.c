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
 * The double-dummy search (``minimax``: dd_search, dd_play) is alpha-beta with the side maximising, plus what
 * only a double-dummy value allows: its own move order within a trick (order_dd), the best lead of a position
 * kept in its table entry and tried first when the position comes back, two more bounds at a trick boundary (the
 * leader's quick tricks; a leader whose every lead loses the trick), and a table of its own (partition search,
 * as DDS: a bound holds for every position of the same lengths whose suits have the same owners from the top
 * down to the lowest card it rests on; a trick won by rank rests it on the winner's whole run of equivalent
 * cards, run_low).  Its values are search.py's ``minimax`` values and
 * DDS's; its node counts are its own.
 *
 * The normal floor (``solve_normal``: search.py ``normal_floor``, and ``target_tricks``) is the floor with the
 * side's seats judged: their moves are normal.py's normal moves (``judged_moves``, ported function by function
 * in the section "The normal-play model"), a suit an opponent shows out of becomes known (70E), the cards of the
 * known suits and of ``max_suits`` are chosen in the side's favour (``grouped``: search.py ``_groups``), and the
 * key also tells the ten to the ace apart and holds which aces and kings are still in play.  Its nodes, in order,
 * are search.py's, as for the floor.
 *
 * The budget counts nodes, never seconds: a node is counted where search.py counts it (each ``search`` call,
 * and each card played to a trick that is not its fourth), and the search stops once ``limit`` nodes have been
 * counted.  Nothing here depends on the machine: the same input gives the same result and the same node count.
 *
 * Memory: everything a search touches is in one ``Search`` struct and one transposition table, both allocated
 * for the call and freed after it (TT_MAX_ENTRIES entries of 24 bytes at most), so two threads searching at
 * once share nothing; the GIL is released while a search runs.  The table holds a power of two of entries,
 * room for twice the node limit, between 2^TT_MIN_BITS and 2^TT_MAX_BITS (48 MiB).  The double dummy's table
 * instead: buckets of PT_BUCKET entries of 48 bytes, an 8-byte tag and a byte of work, room for the node limit,
 * between PT_MIN_BUCKETS and PT_MAX_BUCKETS buckets (57 MiB).
 *
 * Plain C99, no library beyond the C library and Python's API (and GCC's or Clang's prefetch where built with
 * one of them).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

typedef uint64_t u64;

#define FULL 0x1FFFULL
#define INF 99
#define TT_MIN_BITS 12
#define TT_MAX_BITS 21 /* at most 2^21 entries of 24 bytes: 48 MiB per search (docs/claims.md) */
#define TT_PROBE 8     /* slots tried from an entry's home slot before the home slot is overwritten */
#define PY_TT_LIMIT 1500000 /* core.TT_LIMIT: the entries search.py's table keeps before it is cleared */

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

/* The state of a claimer's stated line (normal.py ``_Normal.step``, ``_step_done``, ``_mark_lead``), part of the
 * transposition key.  The plain searches have no line: every field stays 0 (``trick_step`` -1). */
typedef struct {
    int step_idx;    /* the step of the line being followed (6 bits of the key) */
    int step_rounds; /* rounds played under it (4 bits of the key: at most 13) */
    int trick_step;  /* the step under which the side led the trick in progress, or -1 */
    int known;       /* suits an opponent has shown out of (70E; 4 bits of the key) */
} LineState;

#define MAX_FINDINGS 64 /* findings a search takes (more go to the Python search: csearch.py) */
#define CASH_BITS 15    /* entries of the cash_count cache: 2^15 */

/* One cached cash_count: the four hands, the leader and whether the opponents' trumps ruff. */
typedef struct CashEntry {
    u64 h[4];
    signed char leader, ruffs, value, used;
} CashEntry;

/* One step of a stated line (core.Step): its kind (K_*), card id or -1, suit or -1, rounds, and for a discard
 * the suit led it is made on and the seat that throws it (-1: any). */
typedef struct {
    int kind, card, suit, rounds, on, by;
} LineStep;

/* the kinds of step (engine.notation.cards.STEP_KINDS, in that order) */
#define K_PLAY 0
#define K_CASH 1
#define K_DRAW_TRUMPS 2
#define K_RUFF 3
#define K_FINESSE 4
#define K_LEAD 5
#define K_DISCARD 6
#define K_RUFFING_FINESSE 7
#define K_SQUEEZE 8
#define MAX_STEPS 60          /* steps a line may have here (more: the Python search) */
#define NM_MEMO_LIMIT 200000  /* normal.py NM_MEMO_LIMIT: states its memo of normal moves holds before it is cleared */
#define NM_MAX_BITS 19

/* A state normal.py's memo of normal moves has seen: the hands, and the trick, leader and line state packed. */
typedef struct {
    u64 h[4];
    u64 rest;
    unsigned gen; /* the memo's generation it belongs to (an older one: an empty slot) */
} NMEntry;

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
    int pymode;        /* with minimax: search.py's minimax node for node (its order, no best lead, no quick tricks) */
    int judged;        /* the parity of the seats whose play is judged (normal play), -1 for none: see judged_moves */
    u64 marks;         /* cards told apart in the key: the ten to the ace of every suit in a normal-play search */
    u64 code[4];       /* each suit's relative-rank code (hands_code), kept up to date at trick boundaries */
    LineState line;
    long long nodes;
    long long max_nodes; /* -1: no limit */
    int lo, hi;          /* the bounds MTD(f) has proved so far (read after a timeout) */
    jmp_buf timeout;
    /* the normal-play model (normal.py ``_Normal``; set only when ``judged`` >= 0) */
    int pclass;        /* NOVICE, CLUB or EXPERT (normal.CLASSES) */
    int max_suits;     /* suits whose card 70E chooses in the side's favour (search.py ``max_suits``) */
    int dynamic_known; /* a suit becomes known once an opponent shows out of it (search.py ``dynamic_known``) */
    int trumps_seen;   /* whether the claimer's count sees the opponents' trumps (no line: never) */
    int nfind;         /* the director's findings (search.py ``_findings``): seat, card mask, role (-1: any) */
    int find_seat[MAX_FINDINGS];
    u64 find_mask[MAX_FINDINGS];
    int find_role[MAX_FINDINGS];
    LineStep steps[MAX_STEPS]; /* the stated line's steps but its discards (search.py ``line``) */
    int nsteps;
    LineStep standing[MAX_STEPS]; /* its discards, standing instructions (search.py ``standing``) */
    int nstanding;
    int squeeze_at; /* the index in ``steps`` of a squeeze step, or -1 */
    NMEntry *nm;    /* with a line: the states normal.py's memo has seen (see judged_moves) */
    u64 nm_mask;
    unsigned nm_gen;
    long nm_count;
    struct CashEntry *cash; /* a cache of cash_count (normal.py's memo ``_CASH``: a pure function) */
    long long tt_count; /* the keys stored (search.py's ``len(tt)``) */
    long long tt_lost; /* entries overwritten by another key (a full probe window), which search.py keeps */
    LineState root_line; /* the line's state at the root after the first guess (search.py ``run``'s ``root``) */
    u64 targets;       /* target_tricks: the cards whose tricks are counted (every seat maximising), else 0 */
    TTEntry *tt;
    u64 tt_mask;
    int tt_bits;
    struct PEntry *pt; /* the double dummy's table (partition search, below); NULL for the other searches */
    u64 *pt_tag;       /* a tag for each of its entries (0: empty), read before the entry: pt_tag_of */
    unsigned char *pt_work; /* each entry's work (log2 of its nodes), for replacement */
    u64 pt_mask;       /* its buckets - 1 */
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

/* The moves of a seat whose play is judged (normal.py ``normal_moves``): below, with the normal-play model. */
static int judged_moves(Search *s, int seat, int *out);

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
    if (s->targets) { /* target_tricks: the target cards first, then from the highest */
        int keys[13];
        for (int i = 0; i < n; i++)
            keys[i] = (((s->targets >> moves[i]) & 1) ? 0 : 16) + 12 - moves[i] % 13;
        sort_by_keys(moves, keys, n);
        return;
    }
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
 * The normal-play model (normal.py ``_Normal``): the moves of the side whose play is judged
 *
 * Each function below mirrors the normal.py function it names, line by line, so that a normal-play search here
 * visits the nodes search.py's does, in the same order.  normal.py's memos (``_SUIT``, ``_EST``, ``_COUNT``,
 * ``_CASH``, the search's ``_nm_memo``) are pure caches: here everything is recomputed, except ``cash_count``
 * (a recursive count over the ways of cashing), which keeps a small cache of its own (CashEntry).
 * The items (docs/claims.md, "The normal-play model"): K (the claimer's count, ``by_count``), N1, N4, N5, I1
 * (``irrational``), I2 (``i2``), L2 (``l2``, club and expert), E1 (``e1``, expert), E2 (``e2``, expert), and
 * the director's findings (``findings``); the stated line is in the next section.
 * ---------------------------------------------------------------------------------------------------------- */

static int child(Search *s, int card, int alpha, int beta);

#define NOVICE 0
#define CLUB 1
#define EXPERT 2
#define ROLE_LEAD 0
#define ROLE_FOLLOW 1
#define ROLE_DISCARD 2
#define ROLE_RUFF 3

static int imax(int a, int b) { return a > b ? a : b; }
static int imin(int a, int b) { return a < b ? a : b; }

/* The index of the lowest set bit, -1 for 0 (normal.py ``_low``). */
static int low_bit(u64 x) {
    if (!x)
        return -1;
#if defined(__GNUC__)
    return __builtin_ctzll(x);
#else
    int r = 0;
    while (!(x & 1)) {
        x >>= 1;
        r++;
    }
    return r;
#endif
}

static int pc(int x) { return popcount64((u64)(unsigned)x); }

/* The cards of ``suit`` still in play (moves._Moves.live). */
static int live_bits(const Search *s, int suit) { return suit_bits(s->rem, suit); }

/* moves._reps_run: the run of cards of ``m`` (adjacent among ``live``) that contains ``rank``, as rank bits. */
static int reps_run(int m, int live, int rank) {
    int run = 1 << rank;
    for (int r = rank + 1; r < 13; r++) {
        if ((live >> r) & 1) {
            if (!((m >> r) & 1))
                break;
            run |= 1 << r;
        }
    }
    for (int r = rank - 1; r >= 0; r--) {
        if ((live >> r) & 1) {
            if (!((m >> r) & 1))
                break;
            run |= 1 << r;
        }
    }
    return run;
}

/* moves._Moves._can_beat, against the hands ``h`` (normal.py ``_certain_seen`` reads other hands). */
static int can_beat_h(const u64 *h, int trump, int seat, int best, int led) {
    u64 hand = h[seat];
    int bs = best / 13;
    int led_cards = suit_bits(hand, led);
    if (led_cards) {
        if (bs != led)
            return 0;
        return (led_cards >> (best % 13 + 1)) != 0;
    }
    if (trump < 0)
        return 0;
    int trumps = suit_bits(hand, trump);
    if (!trumps)
        return 0;
    if (bs != trump)
        return 1;
    return (trumps >> (best % 13 + 1)) != 0;
}

/* normal.py ``longest_out``: the longer of the opponents' holdings as the claimer sees it. */
static int longest_out(int o1, int o2, int known) {
    if (known)
        return imax(pc(o1), pc(o2));
    return (pc(o1 | o2) + 1) / 2;
}

/* normal.py ``_follow_low``: ``seat`` plays his lowest card of ``suit``, if he holds one. */
static void follow_low(u64 *h, int seat, int suit) {
    int m = suit_bits(h[seat], suit);
    if (m)
        h[seat] &= ~(1ULL << (13 * suit + low_bit((u64)m)));
}

/* normal.py ``suit_count``: the claimer's count in one suit, (his side's winners, the opponents' winners). */
static void suit_count(int a, int b, int o1, int o2, int known, int novice, int ruffs, int *w_out, int *u_out) {
    int side = a | b, opp = o1 | o2;
    int longest = imax(pc(a), pc(b));
    int n_opp = pc(opp);
    int m = longest_out(o1, o2, known);
    int w, u;
    if (!side) {
        w = 0;
    } else if (!opp) {
        w = longest;
    } else {
        int t = pc(side >> (top_bit((u64)opp) + 1));
        w = (!novice && t >= m) ? longest : imin(t, longest);
    }
    if (!opp || ruffs) {
        u = 0;
    } else {
        int above = side ? pc(opp >> (top_bit((u64)side) + 1)) : n_opp;
        u = imax(imin(above, m), m - w);
    }
    *w_out = w;
    *u_out = u;
}

/* normal.py ``established_cards``: the cards of one suit that win whatever the opponents do, led from the top. */
static int established_cards(int mine, int o1, int o2) {
    int out = 0, n1 = pc(o1), n2 = pc(o2), t1 = top_bit((u64)o1), t2 = top_bit((u64)o2), i = 0, x = mine;
    while (x) {
        int c = top_bit((u64)x);
        i++;
        int thr = imax(n1 >= i ? t1 : -1, n2 >= i ? t2 : -1);
        if (c <= thr)
            break;
        out |= 1 << c;
        x ^= 1 << c;
    }
    return out;
}

/* normal.py ``_throws``: the hand after each throw that matters (the lowest card of each suit it holds). */
static int throws(u64 hand, u64 *out) {
    int n = 0;
    for (int su = 0; su < 4; su++) {
        int m = suit_bits(hand, su);
        if (m)
            out[n++] = hand & ~(1ULL << (13 * su + low_bit((u64)m)));
    }
    if (!n)
        out[n++] = hand;
    return n;
}

static int cash_count(Search *s, const u64 *h, int leader, int ruffs);

/* normal.py ``cash_leads``: ``cash_count``'s leads, (card led, tricks cashed leading it) into ``cards`` and
 * ``values`` (at most 12: three options a suit); stops after one worth ``stop``.  Returns how many. */
static int cash_leads(Search *s, const u64 *h, int leader, int stop, int ruffs, int *cards, int *values) {
    int trump = s->trump;
    int L = leader, P = (L + 2) % 4, O1 = (L + 1) % 4, O2 = (L + 3) % 4;
    u64 hL = h[L], hP = h[P], h1 = h[O1], h2 = h[O2];
    int nout = 0;
    int t1 = 0, t2 = 0, tsh = 0;
    if (trump >= 0) {
        tsh = 13 * trump;
        t1 = ruffs ? suit_bits(h1, trump) : 0;
        t2 = ruffs ? suit_bits(h2, trump) : 0;
    }
    for (int su = 0; su < 4; su++) {
        int sh = 13 * su;
        int Ls = suit_bits(hL, su);
        if (!Ls)
            continue;
        int o1 = suit_bits(h1, su), o2 = suit_bits(h2, su);
        int omax = top_bit((u64)(o1 | o2));
        int ltop = top_bit((u64)Ls);
        int Ps = suit_bits(hP, su);
        int ptop = top_bit((u64)Ps);
        if (su != trump && ((!o1 && t1) || (!o2 && t2)))
            ltop = ptop = -1; /* an opponent may ruff: no master of the suit is certain */
        int ruff = -1;
        if (!Ps && trump >= 0 && su != trump) {
            /* partner, void, ruffs the lead: certain when no opponent can overruff */
            int pt = suit_bits(hP, trump);
            if (pt) {
                int over = (!o1 ? t1 : 0) | (!o2 ? t2 : 0);
                int ok = over ? pt & ~((2 << top_bit((u64)over)) - 1) : pt;
                if (ok)
                    ruff = tsh + low_bit((u64)ok);
            }
        }
        if (ltop <= omax && ptop <= omax && ruff < 0)
            continue;
        u64 f1[4], f2[4];
        int nf1, nf2;
        if (o1) {
            f1[0] = h1 & ~(1ULL << (sh + low_bit((u64)o1)));
            nf1 = 1;
        } else {
            nf1 = throws(h1, f1);
        }
        if (o2) {
            f2[0] = h2 & ~(1ULL << (sh + low_bit((u64)o2)));
            nf2 = 1;
        } else {
            nf2 = throws(h2, f2);
        }
        int opt_lc[4], opt_pc[4], opt_win[4], nopt = 0; /* (leader's rank, partner's card or -1, who wins) */
        if (ruff >= 0 && ltop <= omax) {
            opt_lc[nopt] = low_bit((u64)Ls); /* a low card, ruffed by partner */
            opt_pc[nopt] = ruff;
            opt_win[nopt++] = P;
        }
        if (ltop > omax) {
            int plow = low_bit((u64)Ps);
            /* partner follows low (and wins the trick if even his lowest card is higher), or overtakes */
            opt_lc[nopt] = ltop;
            opt_pc[nopt] = Ps ? sh + plow : -1;
            opt_win[nopt++] = (Ps && plow > ltop) ? P : L;
            if (ptop > ltop && plow < ltop) {
                opt_lc[nopt] = ltop;
                opt_pc[nopt] = sh + ptop;
                opt_win[nopt++] = P;
            }
        }
        if (ptop > omax) {
            int low = low_bit((u64)Ls);
            if (low < ptop) {
                opt_lc[nopt] = low;
                opt_pc[nopt] = sh + ptop;
                opt_win[nopt++] = P;
            }
        }
        for (int o = 0; o < nopt; o++) {
            int lc = opt_lc[o], pcard = opt_pc[o], winner = opt_win[o];
            u64 nL = hL & ~(1ULL << (sh + lc));
            int value = -1;
            u64 fp[4];
            int nfp;
            if (pcard >= 0) {
                fp[0] = hP & ~(1ULL << pcard);
                nfp = 1;
            } else {
                nfp = throws(hP, fp);
            }
            for (int ip = 0; ip < nfp; ip++) {
                u64 nP = fp[ip];
                int worst = 99;
                for (int i1 = 0; i1 < nf1; i1++) {
                    for (int i2 = 0; i2 < nf2; i2++) {
                        u64 nh[4];
                        u64 n1 = f1[i1], n2 = f2[i2];
                        if (L == 0) {
                            nh[0] = nL; nh[1] = n1; nh[2] = nP; nh[3] = n2;
                        } else if (L == 1) {
                            nh[0] = n2; nh[1] = nL; nh[2] = n1; nh[3] = nP;
                        } else if (L == 2) {
                            nh[0] = nP; nh[1] = n2; nh[2] = nL; nh[3] = n1;
                        } else {
                            nh[0] = n1; nh[1] = nP; nh[2] = n2; nh[3] = nL;
                        }
                        int v = cash_count(s, nh, winner, ruffs) + 1;
                        if (v < worst) {
                            worst = v;
                            if (worst <= value)
                                break;
                        }
                    }
                    if (worst <= value)
                        break;
                }
                if (worst > value)
                    value = worst;
            }
            cards[nout] = sh + lc;
            values[nout++] = value;
            if (value >= stop)
                return nout;
        }
    }
    return nout;
}

/* normal.py ``cash_count``: the tricks the leader's side can cash from a trick boundary, leading only cards that
 * win for certain (the trump suit is the search's).  Cached (the cache forgets an entry when another lands on
 * its slot: it changes no result). */
static int cash_count(Search *s, const u64 *h, int leader, int ruffs) {
    CashEntry *e = NULL;
    if (s->cash) {
        u64 x = h[0] * 0x9E3779B97F4A7C15ULL ^ h[1] * 0xC2B2AE3D27D4EB4FULL ^ h[2] * 0x165667B19E3779F9ULL ^
                h[3] * 0xD6E8FEB86659FD93ULL ^ (u64)(leader * 2 + ruffs);
        x ^= x >> 29;
        x *= 0x94D049BB133111EBULL;
        x ^= x >> 32;
        e = &s->cash[x & ((1ULL << CASH_BITS) - 1)];
        if (e->used && e->leader == leader && e->ruffs == ruffs && e->h[0] == h[0] && e->h[1] == h[1] &&
            e->h[2] == h[2] && e->h[3] == h[3])
            return e->value;
    }
    int n = popcount64(h[leader]);
    int cards[16], values[16];
    int k = cash_leads(s, h, leader, n, ruffs, cards, values);
    int best = 0;
    for (int i = 0; i < k; i++)
        if (values[i] > best)
            best = values[i];
    if (e) {
        memcpy(e->h, h, sizeof e->h);
        e->leader = (signed char)leader;
        e->ruffs = (signed char)ruffs;
        e->value = (signed char)best;
        e->used = 1;
    }
    return best;
}

/* normal.py ``_Normal.side_count``: the claimer's count of the tricks his side takes of the ``n`` left. */
static int side_count(const Search *s, const u64 *h, int side, int on_lead, int n) {
    int known = s->line.known | s->max_suits;
    int trump = s->trump;
    int novice = s->pclass == NOVICE;
    u64 A = h[side], B = h[side + 2], O1 = h[1 - side], O2 = h[3 - side];
    int tA = trump >= 0 ? suit_bits(A, trump) : 0;
    int tB = trump >= 0 ? suit_bits(B, trump) : 0;
    int W = 0, U = 0;
    for (int su = 0; su < 4; su++) {
        int a = suit_bits(A, su), b = suit_bits(B, su), o1 = suit_bits(O1, su), o2 = suit_bits(O2, su);
        if (su == trump && !s->trumps_seen)
            o1 = o2 = 0; /* an opposing trump the claimer does not speak of is not in his count (70C) */
        int ruffs = trump >= 0 && su != trump && ((!a && tA) || (!b && tB));
        int w, u;
        suit_count(a, b, o1, o2, (known >> su) & 1, novice, ruffs, &w, &u);
        W += w;
        U += u;
    }
    if (on_lead || novice)
        return imin(W, n);
    return imax(0, imin(W, n - U));
}

/* normal.py ``_Normal._masters``: the side's cards above every opposing card of their suit, as the claimer sees. */
static int masters(const Search *s, const u64 *h, int side) {
    u64 A = h[side], B = h[side + 2], opp = h[1 - side] | h[3 - side];
    int out = 0;
    for (int su = 0; su < 4; su++) {
        int mine = suit_bits(A | B, su);
        if (!mine)
            continue;
        int pool = suit_bits(opp, su);
        if (su == s->trump && !s->trumps_seen)
            pool = 0;
        out += pool ? pc(mine >> (top_bit((u64)pool) + 1)) : pc(mine);
    }
    return out;
}

/* normal.py ``_Normal._runs``: whether a club player's count has the suit running by length while the cards out
 * above the ones he leads are small ones he may have overlooked (nine or lower). */
static int runs(const Search *s, int seat, int suit, int pool) {
    if (s->pclass == NOVICE || !pool || (pool >> 8))
        return 0;
    const u64 *h = s->h;
    int a = suit_bits(h[seat], suit), b = suit_bits(h[(seat + 2) % 4], suit);
    int o1 = suit_bits(h[(seat + 1) % 4], suit), o2 = suit_bits(h[(seat + 3) % 4], suit);
    int m = longest_out(o1, o2, ((s->line.known | s->max_suits) >> suit) & 1);
    return pc((a | b) >> (top_bit((u64)pool) + 1)) >= m;
}

/* normal.py ``_Normal._certain``, against the hands ``h``: whether ``card``, winning the trick so far, wins it for
 * certain with the opponent ``opp`` still to play, as the claimer can tell. */
static int certain_h(const Search *s, const u64 *h, int opp, int card, int led) {
    if (can_beat_h(h, s->trump, opp, card, led))
        return 0;
    int su = card / 13;
    if (((s->line.known | s->max_suits) >> su) & 1)
        return 1; /* the cards of this suit are read as they lie (70E) */
    int theirs = suit_bits(h[opp] | h[(opp + 2) % 4], su);
    return !(theirs >> (card % 13 + 1));
}

/* normal.py ``_Normal._certain_seen``: ``certain_h`` for each opponent of ``holder`` still to play after the
 * seat now playing. */
static int certain_seen(const Search *s, int holder, int card, int led, const u64 *h) {
    for (int j = 1; j <= 3; j += 2) {
        int opp = (holder + j) % 4;
        int at = ((opp - s->leader) % 4 + 4) % 4;
        if (at > s->ntrick && !certain_h(s, h, opp, card, led))
            return 0;
    }
    return 1;
}

/* normal.py ``_Normal._strand`` (E3, stranded winners, an expert's count only): partner takes the trick ``seat``
 * plays to and leads next; if partner holds no card that reaches ``seat`` (one of a suit in which ``seat`` holds a
 * master as the claimer sees it, or one of a side suit ``seat`` is void in while it holds a trump), ``seat``'s
 * cards leave the count. */
static void strand(const Search *s, u64 *h, int seat) {
    u64 mine = h[seat], back = h[(seat + 2) % 4];
    if (s->pclass != EXPERT || !mine)
        return; /* (an expert's count only: E3) */
    u64 opp = h[(seat + 1) % 4] | h[(seat + 3) % 4];
    int trump = s->trump;
    int tmine = trump >= 0 ? suit_bits(mine, trump) : 0;
    for (int t = 0; t < 4; t++) {
        if (!suit_bits(back, t))
            continue;
        int m = suit_bits(mine, t);
        if (m) {
            int pool = suit_bits(opp, t);
            if (t == trump && !s->trumps_seen)
                pool = 0;
            if (!(pool >> top_bit((u64)m)))
                return; /* partner leads this suit to a master of seat's */
        } else if (tmine && t != trump) {
            return; /* seat ruffs partner's lead */
        }
    }
    h[seat] = 0;
}

/* normal.py ``_Normal.count_after``: the claimer's count after ``seat`` plays ``card`` (four numbers, compared in
 * order, into ``out``). */
static void count_after(const Search *s, int seat, int card, int *out) {
    u64 h[4];
    memcpy(h, s->h, sizeof h);
    h[seat] &= ~(1ULL << card);
    int trump = s->trump, partner = (seat + 2) % 4, won = 0;
    int crossed = 0; /* the trick is partner's, so partner leads next */
    int su = card / 13, sh = 13 * su;
    int seen = s->trumps_seen;
    int novice = s->pclass == NOVICE;
    if (!s->ntrick) {
        int pool = suit_bits(h[(seat + 1) % 4] | h[(seat + 3) % 4], su);
        if (su == trump && !seen)
            pool = 0;
        int ps = suit_bits(h[partner], su);
        int mine = suit_bits(s->h[seat], su);
        if (s->pclass != EXPERT && (pool >> (card % 13)) && !(pool >> top_bit((u64)mine)) &&
            runs(s, seat, su, pool)) {
            /* the count has the suit running from the top: any card of it is rated as its top card (not an
             * expert's: he counts the order he plays a suit in, E3) */
            count_after(s, seat, sh + top_bit((u64)mine), out);
            return;
        }
        if (!(pool >> (card % 13))) {
            won = 1; /* the card led is above every card of its suit the opponents hold */
            if (ps) {
                h[partner] &= ~(1ULL << (sh + low_bit((u64)ps)));
                if (low_bit((u64)ps) > card % 13)
                    crossed = 1; /* partner's every card of the suit is higher: the trick is his (E3) */
            }
        } else if (ps && !(pool >> top_bit((u64)ps))) {
            won = crossed = 1; /* a card to partner's winner */
            h[partner] &= ~(1ULL << (sh + top_bit((u64)ps)));
        } else if (!ps && trump >= 0 && su != trump && suit_bits(h[partner], trump)) {
            int pt = suit_bits(h[partner], trump);
            won = crossed = 1; /* partner ruffs (the opponents' trumps overruff only where his count sees them) */
            if (seen) {
                int theirs = suit_bits(h[(seat + 1) % 4] | h[(seat + 3) % 4], trump);
                if (theirs && ((s->line.known >> su) & 1) && (theirs >> low_bit((u64)pt)))
                    won = crossed = 0;
            }
            if (won)
                h[partner] &= ~(1ULL << (13 * trump + low_bit((u64)pt)));
        }
        if (!won && pool) {
            /* the opponents win it with their top card of the suit, partner following low */
            int top = sh + top_bit((u64)pool);
            int o = ((h[(seat + 1) % 4] >> top) & 1) ? (seat + 1) % 4 : (seat + 3) % 4;
            h[o] &= ~(1ULL << top);
            if (ps)
                h[partner] &= ~(1ULL << (sh + low_bit((u64)ps)));
            follow_low(h, o == (seat + 3) % 4 ? (seat + 1) % 4 : (seat + 3) % 4, su); /* the other one */
        } else {
            follow_low(h, (seat + 1) % 4, su);
            follow_low(h, (seat + 3) % 4, su);
        }
        int n = popcount64(h[seat]);
        if (crossed)
            strand(s, h, seat);
        out[0] = won + side_count(s, h, seat & 1, won, n);
        out[1] = novice ? 0 : won;
        out[2] = won + side_count(s, h, seat & 1, 1, 99);
        out[3] = 0;
        return;
    }
    int k = s->ntrick;
    int cards[4];
    memcpy(cards, s->trick, sizeof(int) * k);
    cards[k] = card;
    int i = winner_index(cards, k + 1, trump);
    int win_seat = (s->leader + i) % 4;
    int best = cards[i];
    int led = cards[0] / 13;
    if ((win_seat & 1) == (seat & 1)) {
        if (k == 3 || certain_seen(s, win_seat, best, led, h)) {
            won = 1;
            crossed = win_seat == partner;
        }
    } else if (k == 1) {
        /* an opponent is winning, partner plays last: a winner of his counts */
        int ps = suit_bits(h[partner], led);
        int bsuit = best / 13;
        if (ps && bsuit == led && (ps >> (best % 13 + 1))) {
            int pool = suit_bits(h[(seat + 1) % 4] | h[(seat + 3) % 4], led);
            int top = top_bit((u64)ps);
            if (!(pool >> top)) {
                won = crossed = 1;
                h[partner] &= ~(1ULL << (13 * led + top));
            }
        }
    }
    if (k < 3)
        follow_low(h, (seat + 1) % 4, led); /* the opponent still to play follows with his lowest card */
    if (k == 1 && h[partner] == s->h[partner])
        follow_low(h, partner, led); /* ... and partner too (unless his winner is already counted) */
    int n = popcount64(h[seat]);
    int discard = !suit_bits(s->h[seat], led) && su != trump;
    if (crossed)
        strand(s, h, seat);
    out[0] = won + side_count(s, h, seat & 1, won, n);
    out[1] = novice ? 0 : won;
    out[2] = won + side_count(s, h, seat & 1, 1, 99);
    out[3] = discard ? masters(s, h, seat & 1) : 0;
}

/* normal.py ``_Normal._by_count`` (K): the plays that keep the claimer's count at its highest. */
static int by_count(const Search *s, int seat, int *moves, int n) {
    if (n <= 0)
        return n; /* (never: a seat to play holds a card) */
    int vals[13][4], top = 0;
    for (int i = 0; i < n; i++) {
        count_after(s, seat, moves[i], vals[i]);
        if (i && memcmp(vals[i], vals[top], sizeof vals[i]) != 0) {
            for (int j = 0; j < 4; j++) {
                if (vals[i][j] != vals[top][j]) {
                    if (vals[i][j] > vals[top][j])
                        top = i;
                    break;
                }
            }
        }
    }
    int m = 0;
    int tv[4];
    memcpy(tv, vals[top], sizeof tv);
    for (int i = 0; i < n; i++)
        if (!memcmp(vals[i], tv, sizeof tv))
            moves[m++] = moves[i];
    return m;
}

/* normal.py ``_Normal._n4`` (N4): of the cards that win for certain, the lowest of each suit. */
static int n4(int *moves, int n, const int *sure, int nsure) {
    int low[4] = {99, 99, 99, 99};
    u64 in_sure = 0;
    for (int i = 0; i < nsure; i++) {
        int m = sure[i];
        in_sure |= 1ULL << m;
        if (m < low[m / 13])
            low[m / 13] = m;
    }
    int out[13], k = 0;
    for (int i = 0; i < n; i++) {
        int m = moves[i];
        if (!((in_sure >> m) & 1) || m == low[m / 13])
            out[k++] = m;
    }
    if (!k)
        return n;
    memcpy(moves, out, sizeof(int) * k);
    return k;
}

/* normal.py ``_Normal.dead_suits``: the side suits in which every card of the hand is a loser by rank. */
static int dead_suits(const Search *s, int seat) {
    const u64 *h = s->h;
    int out = 0;
    for (int su = 0; su < 4; su++) {
        int mine = suit_bits(h[seat], su);
        if (!mine || su == s->trump)
            continue;
        int above = (int)FULL & ~((1 << (top_bit((u64)mine) + 1)) - 1);
        if (suit_bits(h[(seat + 2) % 4], su) & above)
            continue;
        if (pc(suit_bits(h[(seat + 1) % 4] | h[(seat + 3) % 4], su) & above) >= pc(mine))
            out |= 1 << su;
    }
    return out;
}

/* normal.py ``_Normal.card_worth``: what the closure ``worth`` reads, computed once for the hand. */
typedef struct {
    int est[4], reach[4], entry_suits, sole, dead;
} Worth;

static void card_worth(const Search *s, int seat, const int *leaders, int nleaders, Worth *w) {
    const u64 *h = s->h;
    int trump = s->trump;
    u64 hand = h[seat];
    int P = (seat + 2) % 4, O1 = (seat + 1) % 4, O2 = (seat + 3) % 4;
    w->dead = dead_suits(s, seat);
    int later = popcount64(hand) - 1; /* tricks after this one */
    int p_leads = 0;
    for (int i = 0; i < nleaders; i++)
        if (leaders[i] == P)
            p_leads = 1;
    for (int su = 0; su < 4; su++) {
        w->est[su] = 0;
        w->reach[su] = 0;
        if (su == trump)
            continue;
        int mine = suit_bits(hand, su);
        if (!mine)
            continue;
        int o1 = suit_bits(h[O1], su), o2 = suit_bits(h[O2], su);
        w->est[su] = established_cards(mine, o1, o2);
        if (!w->est[su])
            continue;
        if (suit_bits(h[P], su) && (p_leads || later > 1)) {
            w->reach[su] = 1; /* partner can lead to it */
            continue;
        }
        int top = top_bit((u64)w->est[su]);
        for (int i = 0; i < nleaders; i++) {
            int ld = leaders[i];
            if ((ld & 1) != (seat & 1)) {
                int theirs = suit_bits(h[ld], su);
                if (theirs && top_bit((u64)theirs) < top)
                    w->reach[su] = 1; /* an opponent on lead may have to lead into it */
            }
        }
    }
    int entries[4], ne = 0, unreached = 0;
    for (int su = 0; su < 4; su++) {
        if (w->est[su] && w->reach[su])
            entries[ne++] = su;
        if (w->est[su] && !w->reach[su])
            unreached = 1;
    }
    w->entry_suits = ne;
    w->sole = (ne == 1 && pc(w->est[entries[0]]) == 1 && unreached) ? entries[0] : -1;
}

/* ``card_worth``'s ``worth``: how much the hand gives up by throwing ``card``. */
static int worth_of(const Search *s, int seat, const Worth *w, int card) {
    const u64 *h = s->h;
    int su = card / 13, r = card % 13;
    int O1 = (seat + 1) % 4, O2 = (seat + 3) % 4;
    if ((w->est[su] >> r) & 1) {
        int left = established_cards(suit_bits(h[seat], su) & ~(1 << r), suit_bits(h[O1], su), suit_bits(h[O2], su));
        int loss = pc(w->est[su]) - pc(left);
        if (w->reach[su])
            return (su == w->sole ? 4 : 3) * 16 + loss;
        return (w->entry_suits ? 2 : 1) * 16 + loss;
    }
    if ((w->dead >> su) & 1)
        return 0;
    int above = pc((int)((((h[O1] | h[O2]) >> (13 * su + r + 1))) & (FULL >> (r + 1))));
    return imax(1, 16 - above);
}

/* ``out or moves`` of normal.py's filters: the ``m`` moves kept (``out``) replace the ``n`` moves, unless none was
 * kept (an item never drops every play); returns how many moves there are now. */
static int kept_or_all(int *moves, int n, const int *out, int m) {
    if (!m)
        return n;
    memcpy(moves, out, sizeof(int) * m);
    return m;
}

/* normal.py ``_Normal._e1`` (E1, expert): discarding, nothing worth more than another card the hand could throw. */
static int e1(const Search *s, int seat, int *moves, int n, int win_seat, int best, int led, int k) {
    int leaders[4], nl = 0;
    leaders[nl++] = win_seat;
    for (int j = k + 1; j < 4; j++) {
        int later = (s->leader + j) % 4;
        if (can_beat_h(s->h, s->trump, later, best, led))
            leaders[nl++] = later;
    }
    int trump = s->trump, nd = 0;
    for (int i = 0; i < n; i++)
        if (moves[i] / 13 != trump)
            nd++;
    if (nd < 2)
        return n;
    Worth w;
    card_worth(s, seat, leaders, nl, &w);
    int vals[13], least = 1 << 30;
    for (int i = 0; i < n; i++) {
        if (moves[i] / 13 != trump) {
            vals[i] = worth_of(s, seat, &w, moves[i]);
            if (vals[i] < least)
                least = vals[i];
        } else {
            vals[i] = -1; /* a trump: not a discard (kept) */
        }
    }
    int out[13], m = 0;
    for (int i = 0; i < n; i++)
        if (vals[i] < 0 || vals[i] <= least)
            out[m++] = moves[i];
    return kept_or_all(moves, n, out, m);
}

/* normal.py ``_Normal._l2`` (L2, club and expert): when the side can cash every remaining trick, no loser led for
 * partner to ruff while a winner led instead cashes as many. */
static int l2(Search *s, int seat, int *moves, int n) {
    const u64 *h = s->h;
    int trump = s->trump;
    if (trump < 0 || cash_count(s, h, seat, 0) < popcount64(h[seat]))
        return n;
    int partner = (seat + 2) % 4;
    u64 ruffs = 0;
    int best_sure = -1, best_ruff = -1;
    int cards[16], values[16];
    int k = cash_leads(s, h, seat, 99, 0, cards, values);
    for (int i = 0; i < k; i++) {
        int c = cards[i], v = values[i], su = c / 13;
        if (su != trump && !suit_bits(h[partner], su) &&
            suit_bits(h[(seat + 1) % 4] | h[(seat + 3) % 4], su) > suit_bits(h[seat], su)) {
            ruffs |= 1ULL << c; /* a card partner must ruff to win the trick */
            best_ruff = imax(best_ruff, v);
        } else {
            best_sure = imax(best_sure, v);
        }
    }
    if (!ruffs || best_ruff > best_sure)
        return n;
    int out[13], m = 0;
    for (int i = 0; i < n; i++) {
        int mv = moves[i], su = mv / 13;
        u64 run = (u64)reps_run(suit_bits(h[seat], su), live_bits(s, su), mv % 13) << (13 * su);
        if (!(run & ruffs))
            out[m++] = mv;
    }
    return kept_or_all(moves, n, out, m);
}

/* normal.py ``_Normal._e2`` (E2, expert): when the side can cash every remaining trick, only leads that keep them. */
static int e2(Search *s, int seat, int *moves, int n) {
    const u64 *h = s->h;
    int cnt = popcount64(h[seat]);
    if (cash_count(s, h, seat, 0) < cnt)
        return n;
    u64 keeping = 0;
    int cards[16], values[16];
    int k = cash_leads(s, h, seat, 99, 0, cards, values);
    for (int i = 0; i < k; i++)
        if (values[i] >= cnt)
            keeping |= 1ULL << cards[i];
    int out[13], m = 0;
    for (int i = 0; i < n; i++) {
        int mv = moves[i], su = mv / 13;
        u64 run = (u64)reps_run(suit_bits(h[seat], su), live_bits(s, su), mv % 13) << (13 * su);
        if (run & keeping)
            out[m++] = mv;
    }
    return kept_or_all(moves, n, out, m);
}

/* normal.py ``_Normal._i2`` (I2): a suit headed by the leader's solid top cards is not led from below when an
 * opponent holds a card that beats the card led. */
static int i2(const Search *s, int seat, int *moves, int n) {
    const u64 *h = s->h;
    int out[13], m = 0;
    for (int i = 0; i < n; i++) {
        int mv = moves[i], su = mv / 13;
        int mine = suit_bits(h[seat], su), live = live_bits(s, su);
        int run = 0; /* the run of top live cards held by the leader */
        for (int x = live; x; ) {
            int top = top_bit((u64)x);
            if (!((mine >> top) & 1))
                break;
            run |= 1 << top;
            x ^= 1 << top;
        }
        if (run) {
            int o1 = suit_bits(h[(seat + 1) % 4], su), o2 = suit_bits(h[(seat + 3) % 4], su);
            int r = mv % 13;
            int solid = s->pclass >= EXPERT || pc(run) >= 2 || (run >> 11);
            if (solid && !((run >> r) & 1) && ((o1 | o2) >> (r + 1)))
                continue; /* I2 */
        }
        out[m++] = mv;
    }
    return kept_or_all(moves, n, out, m);
}

/* normal.py ``_Normal._irrational``: the claimer's count (K) and the items N1, N5, I1, I2, N4, L2, E1, E2. */
static int irrational(Search *s, int seat, int *moves, int n) {
    int k = s->ntrick;
    if (k == 0) {
        n = i2(s, seat, moves, n);
        if (n > 1)
            n = by_count(s, seat, moves, n);
        if (s->pclass >= CLUB && n > 1)
            n = l2(s, seat, moves, n);
        if (s->pclass >= EXPERT && n > 1)
            n = e2(s, seat, moves, n);
        return n;
    }
    int trump = s->trump;
    int wi = winner_index(s->trick, k, trump);
    int best = s->trick[wi];
    int led = s->trick[0] / 13, bs = best / 13;
    int win_seat = (s->leader + wi) % 4;
    /* the cards that beat ``best``: higher cards of its suit, and trumps when it is no trump */
    u64 beating = (FULL << (13 * bs)) & ~((2ULL << best) - 1);
    if (trump >= 0 && trump != bs)
        beating |= FULL << (13 * trump);
    u64 hand = s->h[seat];
    int following = suit_bits(hand, led);
    int opp = k < 3 ? (seat + 1) % 4 : -1;
    int partner = (seat + 2) % 4;
    int sure[13], nsure = 0;
    if (win_seat == partner && (opp < 0 || certain_h(s, s->h, opp, best, led))) {
        /* I1: partner's card wins the trick for certain */
        u64 legal = following ? ((u64)following << (13 * led)) : hand;
        if (legal & ~beating) {
            int keep[13], m = 0;
            for (int i = 0; i < n; i++) {
                int mv = moves[i];
                if ((beating >> mv) & 1) {
                    if (!following || (opp >= 0 && !certain_h(s, s->h, opp, mv, led)))
                        continue;
                }
                keep[m++] = mv;
            }
            if (m) {
                memcpy(moves, keep, sizeof(int) * m);
                n = m;
            }
        }
    } else {
        /* N1: a card that wins the trick for certain is held */
        for (int i = 0; i < n; i++) {
            int mv = moves[i];
            if (((beating >> mv) & 1) && (opp < 0 || certain_h(s, s->h, opp, mv, led)))
                sure[nsure++] = mv;
        }
        if (nsure) {
            memcpy(moves, sure, sizeof(int) * nsure);
            n = nsure;
        } else if (k == 2 && following && win_seat != partner) {
            /* N5: third hand, an opponent's card winning and the other opponent still to play */
            int beaters[13], nb = 0;
            for (int i = 0; i < n; i++)
                if ((beating >> moves[i]) & 1)
                    beaters[nb++] = moves[i];
            if (nb) {
                memcpy(moves, beaters, sizeof(int) * nb);
                n = nb;
            }
        }
    }
    if (n > 1)
        n = by_count(s, seat, moves, n);
    if (n > 1 && nsure)
        n = n4(moves, n, sure, nsure);
    if (!following && s->pclass >= EXPERT && n > 1)
        n = e1(s, seat, moves, n, win_seat, best, led, k);
    return n;
}

/* normal.py ``_Normal._findings``: the plays the director found not normal for this player, dropped while another
 * legal card is held (a finding covers the cards equivalent to its card in the same hand). */
static int findings(const Search *s, int seat, int *moves, int n) {
    int any = 0;
    for (int f = 0; f < s->nfind; f++)
        if (s->find_seat[f] == seat)
            any = 1;
    if (!any)
        return n;
    u64 hand = s->h[seat];
    int led = -1, role;
    if (!s->ntrick) {
        role = ROLE_LEAD;
    } else {
        led = s->trick[0] / 13;
        role = suit_bits(hand, led) ? ROLE_FOLLOW : -1; /* -1: per card, a ruff or a discard */
    }
    int favour = s->max_suits | s->line.known;
    int out[13], m = 0;
    for (int i = 0; i < n; i++) {
        int mv = moves[i], su = mv / 13;
        if (((favour >> su) & 1) && (led < 0 || su == led)) {
            out[m++] = mv; /* a card of a suit 70E chooses in the side's favour: no finding takes it away */
            continue;
        }
        int r = role;
        if (r < 0)
            r = su == s->trump ? ROLE_RUFF : ROLE_DISCARD;
        u64 run = (u64)reps_run(suit_bits(hand, su), live_bits(s, su), mv % 13) << (13 * su);
        int drop = 0;
        for (int f = 0; f < s->nfind; f++) {
            if (s->find_seat[f] != seat)
                continue;
            int want = s->find_role[f];
            if ((s->find_mask[f] & run) && (want == r || (want < 0 && r != ROLE_LEAD))) {
                drop = 1;
                break;
            }
        }
        if (!drop)
            out[m++] = mv;
    }
    return kept_or_all(moves, n, out, m);
}

/* ------------------------------------------------------------------------------------------------------------
 * The stated line (normal.py ``_Normal.step``, ``_step_done``, ``_mark_lead``, ``_constrain``,
 * ``_standing_discard``, ``_keep``), and normal.py ``normal_moves`` with its memo
 * ---------------------------------------------------------------------------------------------------------- */

/* normal.py ``_Normal._step_done``: whether the step ``st`` of the line is done. */
static int step_done(const Search *s, const LineStep *st) {
    int c = s->judged;
    const u64 *h = s->h;
    u64 mine = h[c] | h[c + 2];
    int kind = st->kind;
    if (kind == K_PLAY || kind == K_FINESSE || kind == K_RUFFING_FINESSE) {
        if (!((mine >> st->card) & 1))
            /* a ruffing finesse is still under way in the trick its card was led to */
            return !(kind == K_RUFFING_FINESSE && s->ntrick && s->line.trick_step == s->line.step_idx);
        return kind == K_FINESSE && s->line.step_rounds >= 1;
    }
    int suit_cards = st->suit >= 0 ? suit_bits(mine, st->suit) : 0;
    if (kind == K_DRAW_TRUMPS) {
        if (s->trump < 0)
            return 1;
        int theirs = suit_bits(h[1 - c] | h[3 - c], s->trump);
        int ours = suit_bits(mine, s->trump);
        return !theirs || !ours;
    }
    if (kind == K_CASH)
        return !suit_cards || (st->rounds && s->line.step_rounds >= st->rounds);
    if (kind == K_RUFF || kind == K_LEAD)
        return !suit_cards || s->line.step_rounds >= (st->rounds ? st->rounds : 1);
    if (kind == K_SQUEEZE)
        return 0; /* the rest of the play, the side's choices made right */
    return 1;
}

/* normal.py ``_Normal.step``: the index of the current step of the line, skipping those already done (and
 * moving the line's state past them), or -1 when every step is done. */
static int cur_step(Search *s) {
    while (s->line.step_idx < s->nsteps) {
        if (!step_done(s, &s->steps[s->line.step_idx]))
            return s->line.step_idx;
        s->line.step_idx++;
        s->line.step_rounds = 0;
    }
    return -1;
}

/* normal.py ``_Normal._mark_lead``: the claimer's side leads ``card`` (already out of the hand, not yet in the
 * trick): the trick counts as a round of the current step if it is in its suit. */
static void mark_lead(Search *s, int card) {
    int i = s->line.step_idx;
    if (i < s->nsteps && s->steps[i].kind == K_RUFFING_FINESSE && s->steps[i].card == card) {
        s->line.trick_step = i; /* the honour led: the finesse is under way */
        return;
    }
    if (i < s->nsteps && s->steps[i].kind == K_PLAY && s->steps[i].card == card) {
        cur_step(s); /* the stated card led: the trick is that step's, not a round of the step after it */
        s->line.trick_step = -1;
        return;
    }
    int st = cur_step(s);
    s->line.trick_step = -1;
    if (st >= 0) {
        int suit = s->steps[st].kind == K_DRAW_TRUMPS ? s->trump : s->steps[st].suit;
        if (card / 13 == suit)
            s->line.trick_step = s->line.step_idx;
    }
}

/* normal.py ``_Normal._constrain``: the moves the current step ``st`` allows ``seat`` (into ``out``), or -1 when
 * it does not constrain this play (None). */
static int constrain(const Search *s, int seat, const LineStep *st, const int *moves, int n, int *out) {
    const u64 *h = s->h;
    u64 hand = h[seat];
    int partner = (seat + 2) % 4, trump = s->trump, kind = st->kind;
    if (!s->ntrick) {
        if (kind == K_PLAY || kind == K_FINESSE || kind == K_RUFFING_FINESSE) {
            int holder = ((hand >> st->card) & 1) ? seat : partner;
            if (holder == seat) {
                out[0] = st->card;
                return 1;
            }
            if (kind == K_RUFFING_FINESSE)
                return -1; /* the honour is led from its own hand */
            int suit = suit_bits(hand, st->suit);
            if (suit) {
                if (kind == K_FINESSE) {
                    int low = suit & ((1 << (st->card % 13)) - 1);
                    if (low)
                        suit = low;
                }
                return reps(suit, live_bits(s, st->suit), 13 * st->suit, out);
            }
            return -1;
        }
        if (kind == K_CASH || kind == K_DRAW_TRUMPS) {
            int su = kind == K_DRAW_TRUMPS ? trump : st->suit;
            if (su < 0)
                return -1;
            int suit = suit_bits(hand, su);
            if (suit) {
                out[0] = 13 * su + top_bit((u64)suit);
                return 1;
            }
            return -1;
        }
        if (kind == K_RUFF || kind == K_LEAD) {
            if (st->suit < 0)
                return -1;
            int suit = suit_bits(hand, st->suit);
            if (suit)
                return reps(suit, live_bits(s, st->suit), 13 * st->suit, out);
            return -1;
        }
        return -1;
    }
    /* following */
    int led = s->trick[0] / 13;
    if (kind == K_PLAY) {
        if (s->line.step_idx) {
            const LineStep *prev = &s->steps[s->line.step_idx - 1];
            if (prev->kind == K_PLAY && prev->card == s->trick[0] && prev->card / 13 == st->card / 13)
                return -1; /* the next stated card of the suit is for the next round */
        }
        /* (``st.card in self._legal_all(seat)``: held, and of the suit led unless the hand holds none) */
        if (((hand >> st->card) & 1) && (st->card / 13 == led || !suit_bits(hand, led))) {
            int su = st->card / 13;
            if (su == led || (su == trump && !suit_bits(hand, led))) {
                out[0] = st->card;
                return 1;
            }
        }
        return -1;
    }
    int led_by_partner = s->line.trick_step == s->line.step_idx && s->leader == partner;
    if (kind == K_RUFF && led_by_partner && led == st->suit && trump >= 0) {
        if (!suit_bits(hand, led)) {
            int trumps = suit_bits(hand, trump);
            if (trumps)
                return reps(trumps, live_bits(s, trump), 13 * trump, out);
        }
        return -1;
    }
    if (kind == K_RUFFING_FINESSE && led_by_partner && led == st->suit && s->ntrick == 2 && !suit_bits(hand, led)) {
        /* second hand covered the honour: ruff it; otherwise throw a card (the loser the finesse is for) */
        int covered = (s->trick[1] / 13 == led && s->trick[1] > s->trick[0]) ||
                      (trump >= 0 && s->trick[1] / 13 == trump);
        int k = 0;
        for (int i = 0; i < n; i++)
            if (covered ? (trump >= 0 && moves[i] / 13 == trump) : (moves[i] / 13 != trump))
                out[k++] = moves[i];
        return k ? k : -1;
    }
    if (kind == K_FINESSE && ((hand >> st->card) & 1) && s->line.trick_step == s->line.step_idx &&
        s->leader == partner && led == st->suit && s->ntrick == 2) {
        int wseat, best;
        current_winner(s, &wseat, &best);
        if (beats(s, st->card, best)) {
            out[0] = st->card;
            return 1;
        }
    }
    return -1;
}

/* normal.py ``_Normal._standing_discard``: a discard the line names, made at the holder's first discard on that
 * suit led on a trick the side's card is winning (into ``out``), or -1. */
static int standing_discard(const Search *s, int seat, int *out) {
    if (!s->ntrick)
        return -1;
    int led = s->trick[0] / 13;
    u64 hand = s->h[seat];
    if (suit_bits(hand, led))
        return -1; /* following suit: no discard */
    int wseat, wcard;
    current_winner(s, &wseat, &wcard);
    if ((wseat & 1) != (seat & 1))
        return -1;
    for (int i = 0; i < s->nstanding; i++) {
        const LineStep *d = &s->standing[i];
        if (d->on >= 0 && d->on != led)
            continue;
        if (d->card >= 0) {
            if ((hand >> d->card) & 1) {
                out[0] = d->card;
                return 1;
            }
            continue;
        }
        if (d->by >= 0 && d->by != seat)
            continue;
        int m = d->suit >= 0 ? suit_bits(hand, d->suit) : 0;
        if (m) {
            out[0] = 13 * d->suit + low_bit((u64)m);
            return 1;
        }
    }
    return -1;
}

/* normal.py ``_Normal._keep``: the moves other than reserved cards (and cards equivalent to them in the hand). */
static int keep_moves(const Search *s, int seat, const int *moves, int n, u64 reserved, int *out) {
    int k = 0;
    for (int i = 0; i < n; i++) {
        int m = moves[i], su = m / 13;
        if ((reserved >> m) & 1)
            continue;
        int run = reps_run(suit_bits(s->h[seat], su), live_bits(s, su), m % 13);
        if ((int)((reserved >> (13 * su)) & FULL) & run)
            continue;
        out[k++] = m;
    }
    return k;
}

/* normal.py ``_Normal._normal_moves``: the line first (its current step, its standing discards, the cards it
 * keeps for later steps), then the plays no normal line makes dropped, then the director's findings.  Moves the
 * line's state past the steps done, as normal.py's ``step`` does. */
static int normal_moves_now(Search *s, int seat, int *out) {
    int n = legal_reps(s, seat, out);
    if (s->squeeze_at >= 0 && cur_step(s) >= 0 && s->line.step_idx >= s->squeeze_at)
        return n; /* the squeeze: from here the side plays its best, every legal card open to it */
    if (s->nsteps || s->nstanding) {
        int st = s->nsteps ? cur_step(s) : -1;
        int cons[13], cn = -1;
        if (st >= 0)
            cn = constrain(s, seat, &s->steps[st], out, n, cons);
        if (cn < 0 && s->nstanding)
            cn = standing_discard(s, seat, cons);
        if (cn >= 0) {
            memcpy(out, cons, sizeof(int) * cn);
            n = cn;
        } else {
            /* a card the line names for this or a later step is kept for it */
            u64 reserved = 0;
            for (int i = s->line.step_idx; i < s->nsteps; i++)
                if (s->steps[i].card >= 0)
                    reserved |= 1ULL << s->steps[i].card;
            for (int i = 0; i < s->nstanding; i++)
                if (s->standing[i].card >= 0)
                    reserved |= 1ULL << s->standing[i].card;
            if (reserved & s->h[seat]) {
                int kept[13];
                int k = keep_moves(s, seat, out, n, reserved, kept);
                if (k) {
                    memcpy(out, kept, sizeof(int) * k);
                    n = k;
                }
            }
        }
    }
    if (n > 1)
        n = irrational(s, seat, out, n);
    if (s->nfind && n > 1)
        n = findings(s, seat, out, n);
    return n;
}

/* normal.py ``normal_moves``: its memo holds every state it was asked about (until it holds NM_MEMO_LIMIT and is
 * cleared), and a state found there returns its moves without moving the line's state past the steps done (as
 * ``step`` does when they are computed).  So that this search follows the same states, a line's search keeps
 * the same set (NMEntry; the moves themselves are recomputed: a pure function of the state). */
static int judged_moves(Search *s, int seat, int *out) {
    if (!s->nm)
        return normal_moves_now(s, seat, out); /* no line: nothing moves, no memo needed */
    NMEntry key;
    memcpy(key.h, s->h, sizeof key.h);
    u64 t = (u64)s->ntrick;
    for (int i = 0; i < s->ntrick; i++)
        t |= (u64)(s->trick[i] + 1) << (2 + 6 * i);
    t |= (u64)s->leader << 20;
    t |= (u64)(s->line.step_idx & 0xFF) << 22;
    t |= (u64)(s->line.step_rounds & 0xFF) << 30;
    t |= (u64)((s->line.trick_step + 1) & 0xFF) << 38;
    t |= (u64)(s->line.known & 15) << 46;
    key.rest = t;
    u64 x = key.h[0] * 0x9E3779B97F4A7C15ULL ^ key.h[1] * 0xC2B2AE3D27D4EB4FULL ^
            key.h[2] * 0x165667B19E3779F9ULL ^ key.h[3] * 0xD6E8FEB86659FD93ULL ^ t * 0x94D049BB133111EBULL;
    x ^= x >> 31;
    u64 i = x & s->nm_mask;
    for (u64 probes = 0;; probes++) {
        if (probes > s->nm_mask) { /* (full: cannot happen at its size; counted as a lost entry, not a hang) */
            s->tt_lost++;
            return normal_moves_now(s, seat, out);
        }
        NMEntry *e = &s->nm[i];
        if (e->gen != s->nm_gen)
            break; /* an empty slot: not asked before */
        if (e->rest == t && !memcmp(e->h, key.h, sizeof key.h)) {
            LineState saved = s->line; /* in the memo: the moves, the line's state as it was */
            int n = normal_moves_now(s, seat, out);
            s->line = saved;
            return n;
        }
        i = (i + 1) & s->nm_mask;
    }
    int n = normal_moves_now(s, seat, out);
    if (s->nm_count > NM_MEMO_LIMIT) { /* normal.py clears the memo then (every state asked anew) */
        s->nm_gen++;
        s->nm_count = 0;
        i = x & s->nm_mask;
    }
    NMEntry *e = &s->nm[i];
    *e = key;
    e->gen = s->nm_gen;
    s->nm_count++;
    return n;
}

/* search.py ``_groups`` / ``_grouped``: a judged seat's moves split into plain moves (chosen against the side)
 * and the suits whose card within the suit 70E chooses in the side's favour.  Returns 0 when no suit is chosen
 * so (``play`` then goes on as usual), else 1 with the node's value in ``*value``. */
static int grouped(Search *s, int seat, const int *moves, int n, int alpha, int beta, int lo, int *value) {
    int suits = s->max_suits | s->line.known;
    int led = s->ntrick ? s->trick[0] / 13 : -1;
    int plain[13], np = 0, grp[4][13], ng[4] = {0, 0, 0, 0}, any = 0;
    for (int i = 0; i < n; i++) {
        int m = moves[i], su = m / 13;
        if (((suits >> su) & 1) && (!s->ntrick || su == led)) {
            grp[su][ng[su]++] = m;
            any = 1;
        } else {
            plain[np++] = m;
        }
    }
    if (!any)
        return 0;
    order(s, seat, plain, np, 1);
    for (int su = 0; su < 4; su++)
        order(s, seat, grp[su], ng[su], 0);
    int best = INF;
    for (int i = 0; i < np; i++) {
        int v = child(s, plain[i], alpha, beta < best ? beta : best);
        if (v < best) {
            best = v;
            if (best <= alpha || best <= lo) {
                *value = best;
                return 1;
            }
        }
    }
    for (int su = 0; su < 4; su++) {
        if (!ng[su])
            continue;
        /* search.py ``_max_over``: the side's best card of the suit */
        int b2 = beta < best ? beta : best, mx = -INF;
        for (int i = 0; i < ng[su]; i++) {
            int v = child(s, grp[su][i], alpha > mx ? alpha : mx, b2);
            if (v > mx) {
                mx = v;
                if (mx >= b2)
                    break;
            }
        }
        if (mx < best) {
            best = mx;
            if (best <= alpha || best <= lo) {
                *value = best;
                return 1;
            }
        }
    }
    *value = best;
    return 1;
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

/* search.py ``bounds`` with ``targets``: at most the target cards still held win tricks. */
static void target_bounds(const Search *s, int n, int *lo, int *hi) {
    int live = popcount64((s->h[0] | s->h[1] | s->h[2] | s->h[3]) & s->targets);
    *lo = 0;
    *hi = n < live ? n : live;
}

static void bounds(const Search *s, int n, int *lo, int *hi) {
    if (s->targets) {
        target_bounds(s, n, lo, hi);
        return;
    }
    *lo = forced(s, s->side);
    *hi = n - forced(s, 1 - s->side);
    if (!s->ntrick && all_masters(s, s->leader)) {
        if ((s->leader & 1) == s->side)
            *lo = n;
        else
            *hi = 0;
    }
    if (!s->ntrick && s->minimax && !s->pymode)
        add_quick_tricks(s, n, lo, hi);
}

static void boundary_bounds(const Search *s, int n, int *lo, int *hi) {
    if (s->targets) {
        target_bounds(s, n, lo, hi);
        return;
    }
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
          ((u64)(ln->step_rounds & 15) << 48) | ((u64)(ln->known & 15) << 52);
    if (s->judged >= 0) {
        /* a search that judges a side's play also keys on which aces and kings are still in play (search.py
         * ``key``: ``rem & _ACE_KING``), two bits a suit in the top byte (no best lead is kept: not minimax) */
        u64 ak = 0;
        for (int su = 0; su < 4; su++)
            ak |= ((s->rem >> (13 * su + 11)) & 3) << (2 * su);
        *k0 |= ak << 56;
    }
    *k1 = s->code[1] | ((s->code[2] & 0xFFFFFFULL) << 40);
    *k2 = s->code[3] | ((s->code[2] >> 24) << 40);
}

#define K2_MASK 0x00FFFFFFFFFFFFFFULL

/* A lead as the double dummy's table keeps it (an entry's best lead): 1 + 13 * suit + (the number of cards of the
 * suit still held above it), 0 for none; the positions an entry holds for have the same lengths, so the code
 * names a card of the same place in each (code_move checks the leader holds it). */
static int move_code(const Search *s, int card) {
    if (card < 0)
        return 0;
    int su = card / 13, r = card % 13;
    int live = suit_bits(s->h[0] | s->h[1] | s->h[2] | s->h[3], su);
    return 1 + 13 * su + popcount64((u64)(live >> (r + 1)));
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
        if (e->k0 == k0 && e->k1 == k1 && (e->k2 & K2_MASK) == k2)
            return e;
    }
    return NULL;
}

/* Keep (lo, hi) under the key: its own slot, else the first empty slot of the probe window, else the home slot
 * is overwritten (the table never grows: a full window costs an older entry, never memory). */
static void tt_put(Search *s, u64 k0, u64 k1, u64 k2, int lo, int hi) {
    if (s->judged >= 0 && s->tt_count > PY_TT_LIMIT) {
        /* search.py clears its dict once it holds more than TT_LIMIT entries: a normal-play search does too */
        memset(s->tt, 0, sizeof(TTEntry) * (size_t)(s->tt_mask + 1));
        s->tt_count = 0;
    }
    u64 i = tt_home(s, k0, k1, k2);
    TTEntry *slot = NULL;
    for (int p = 0; p < TT_PROBE; p++) {
        TTEntry *e = &s->tt[(i + p) & s->tt_mask];
        if (!e->k0 || (e->k0 == k0 && e->k1 == k1 && (e->k2 & K2_MASK) == k2)) {
            slot = e;
            break;
        }
    }
    if (!slot) {
        slot = &s->tt[i];
        s->tt_lost++; /* an entry search.py's dict would keep is lost: from here the nodes may differ */
    } else if (!slot->k0) {
        s->tt_count++;
    }
    slot->k0 = k0;
    slot->k1 = k1;
    slot->k2 = k2 | ((u64)((lo << 4) | hi) << 56);
}

/* ------------------------------------------------------------------------------------------------------------
 * The search (search.py ``search``, ``play``, ``child``)
 * ---------------------------------------------------------------------------------------------------------- */

static int search(Search *s, int alpha, int beta);

/* What a completed trick changes, kept to be put back: the cards in play, the suits' codes, the trick's cards
 * (the next trick is played into the same array). */
typedef struct {
    u64 rem, code[4];
    int cards[4];
} TrickSave;

/* The trick in progress is complete: its cards leave ``rem`` and the codes of their suits are brought up to date. */
static void close_trick(Search *s, TrickSave *t) {
    t->rem = s->rem;
    memcpy(t->code, s->code, sizeof t->code);
    memcpy(t->cards, s->trick, sizeof t->cards);
    int touched = 0;
    for (int j = 0; j < 4; j++) {
        s->rem &= ~(1ULL << s->trick[j]);
        touched |= 1 << (s->trick[j] / 13);
    }
    for (int su = 0; su < 4; su++)
        if (touched >> su & 1)
            s->code[su] = suit_code(s, su);
}

static void reopen_trick(Search *s, const TrickSave *t) {
    s->rem = t->rem;
    memcpy(s->code, t->code, sizeof s->code);
    memcpy(s->trick, t->cards, sizeof s->trick);
}

static inline void tick(Search *s) {
    s->nodes++;
    if (s->max_nodes >= 0 && s->nodes > s->max_nodes)
        longjmp(s->timeout, 1);
}

static int child(Search *s, int card, int alpha, int beta);

/* The player to move chooses a card; ``lo``/``hi`` bound the node's value. */
static int play(Search *s, int alpha, int beta, int lo, int hi) {
    int seat = (s->leader + s->ntrick) % 4;
    int parity = seat & 1;
    int maximize = s->maximizing[parity];
    if (s->squeeze_at >= 0 && parity == s->judged && s->line.step_idx >= s->squeeze_at)
        maximize = 1; /* search.py ``_maximizes``: from a squeeze step on, the side's choices go its way */
    int moves[13], n;
    if (parity != s->judged) {
        n = legal_reps(s, seat, moves);
    } else {
        n = judged_moves(s, seat, moves);
        int v;
        if ((s->max_suits || s->line.known) && !maximize && grouped(s, seat, moves, n, alpha, beta, lo, &v))
            return v; /* search.py ``_groups`` / ``_grouped`` (70E) */
    }
    order(s, seat, moves, n, !maximize);
    if (maximize) {
        int best = -INF;
        for (int i = 0; i < n; i++) {
            int v = child(s, moves[i], alpha >= best ? alpha : best, beta);
            if (v > best) {
                best = v;
                if (best >= beta || best >= hi)
                    break;
            }
        }
        return best;
    }
    int best = INF;
    for (int i = 0; i < n; i++) {
        int v = child(s, moves[i], alpha, beta <= best ? beta : best);
        if (v < best) {
            best = v;
            if (best <= alpha || best <= lo)
                break;
        }
    }
    return best;
}

static int child(Search *s, int card, int alpha, int beta) {
    int k = s->ntrick;
    int seat = (s->leader + k) % 4;
    u64 bit = 1ULL << card;
    int v;
    /* (a normal-play search with a line would mark the side's lead against it here: normal.py ``_mark_lead``) */
    s->h[seat] ^= bit;
    LineState saved_line = s->line;
    if (!k) {
        if (s->nsteps && (seat & 1) == s->judged)
            mark_lead(s, card); /* normal.py ``_mark_lead`` */
    } else if (s->dynamic_known && (seat & 1) != s->judged && card / 13 != s->trick[0] / 13) {
        s->line.known |= 1 << (s->trick[0] / 13); /* an opponent shows out: the suit is known */
    }
    s->trick[k] = card;
    s->ntrick = k + 1;
    if (k < 3) {
        tick(s); /* search() with a trick in progress, inline: the tick, then play */
        v = play(s, alpha, beta, 0, INF);
        s->ntrick = k;
    } else {
        int i = winner_index(s->trick, 4, s->trump);
        int leader = s->leader;
        int win_seat = (leader + i) % 4;
        int gained = s->targets ? (int)((s->targets >> s->trick[i]) & 1) : (win_seat & 1) == s->side;
        TrickSave saved;
        close_trick(s, &saved);
        if (s->nsteps && s->line.trick_step >= 0 && s->line.trick_step == s->line.step_idx)
            s->line.step_rounds++; /* a round of the step the trick was led under */
        if (s->nsteps)
            s->line.trick_step = -1;
        s->ntrick = 0;
        s->leader = win_seat;
        v = gained + search(s, alpha - gained, beta - gained);
        reopen_trick(s, &saved);
        s->leader = leader;
        s->ntrick = k;
    }
    s->line = saved_line;
    s->h[seat] ^= bit;
    return v;
}

static int search(Search *s, int alpha, int beta) {
    tick(s);
    if (s->ntrick)
        return play(s, alpha, beta, 0, INF);
    int n = popcount64(s->h[s->leader]);
    if (!n)
        return 0;
    if (s->nsteps)
        cur_step(s); /* normal.py ``step``: past the steps done */
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
    int v = play(s, a0, b0, lo, hi);
    if (v <= a0) {
        if (v < hi)
            hi = v;
    } else if (v >= b0) {
        if (v > lo)
            lo = v;
    } else {
        lo = hi = v;
    }
    tt_put(s, k0, k1, k2, lo, hi);
    return v;
}

/* ------------------------------------------------------------------------------------------------------------
 * The double dummy: alpha-beta with partition search (as DDS: a bound found for a position holds for every
 * position with the same lengths, hand by hand and suit by suit, and the same owners of each suit's cards from
 * the top down to the lowest card that won a trick by its rank anywhere below; Ginsberg's partition search).
 * Each node returns with its value the cards its bound rests on (``rel``: per suit only the lowest counts: the
 * bound rests on who holds every card of the suit from the top down to it).  A trick adds its winner's run of
 * equivalent cards, down to the run's lowest (run_low), when another card of the winning suit was in it (the
 * winner won by its rank); a quick bound adds the cards it read;
 * a table entry adds the cards it was stored with.  Only the double dummy searches this way: the floors and the
 * normal-play searches keep search.py's table, node for node.
 * ---------------------------------------------------------------------------------------------------------- */

#define PT_BUCKET 32 /* entries of one bucket (positions of the same lengths and leader share one) */
#define PT_MIN_BUCKETS 512
#define PT_MAX_BUCKETS (1 << 15) /* at most 2^15 buckets of 32 entries of 48 bytes, an 8-byte tag and a byte of
                                  * work: 57 MiB */

typedef struct PEntry {
    u64 lens;    /* the lengths: 4 bits for each hand (N E S W) and suit, hand * 16 + suit * 4 */
    u64 part[4]; /* per suit: the owner code (suit_code) of its top k cards, the rest 0; k in bits 40-43 */
    signed char leader, lo, hi, best; /* leader + 1 (0: an empty slot); the bounds; the best lead's move code */
} PEntry;

static int pt_new(Search *s, long long limit) {
    u64 buckets = PT_MIN_BUCKETS;
    while (buckets < PT_MAX_BUCKETS && (limit < 0 || (long long)(buckets * PT_BUCKET) < limit))
        buckets <<= 1;
    s->pt = (PEntry *)calloc((size_t)(buckets * PT_BUCKET), sizeof(PEntry));
    s->pt_tag = (u64 *)calloc((size_t)(buckets * PT_BUCKET), sizeof(u64));
    s->pt_work = (unsigned char *)calloc((size_t)(buckets * PT_BUCKET), 1);
    s->pt_mask = buckets - 1;
    return s->pt && s->pt_tag && s->pt_work ? 0 : -1;
}

static u64 hand_lens(const Search *s) {
    u64 lens = 0;
    for (int hd = 0; hd < 4; hd++)
        for (int su = 0; su < 4; su++)
            lens |= (u64)popcount64((u64)suit_bits(s->h[hd], su)) << (hd * 16 + su * 4);
    return lens;
}

#define PT_LEVELS 4 /* an entry is filed under the owners of the top 0-3 cards of each suit it rests on */

/* The cards held of each suit (at a trick boundary: the cards still in play), into ``len``. */
static void suit_lens(const Search *s, int *len) {
    for (int su = 0; su < 4; su++)
        len[su] = popcount64((u64)suit_bits(s->rem, su));
}

/* The owners of the top ``d`` cards of each suit (all of a shorter suit), as a number (pt_bucket's ``sig``);
 * ``len``: suit_lens. */
static u64 top_owners(const Search *s, const int *len, int d) {
    u64 sig = 0;
    for (int su = 0; su < 4; su++) {
        int m = len[su] < d ? len[su] : d;
        sig = (sig << 12) | (m ? (s->code[su] >> (3 * (len[su] - m))) & ((1ULL << (3 * m)) - 1) : 0);
    }
    return sig;
}

/* An entry's bucket: by the lengths, the leader, the level ``d`` and the owners of the top ``d`` cards of each
 * suit.  An entry is filed at the highest level whose cards it rests on (every suit's top ``d`` cards, or all of
 * a shorter suit, in its prefix), and looked for at every level, so that most buckets hold few positions. */
static u64 pt_bucket(const Search *s, u64 lens, int d, u64 sig) {
    u64 x = (lens ^ ((u64)s->leader << 62) ^ ((u64)d << 60)) * 0x9E3779B97F4A7C15ULL ^ sig * 0xC2B2AE3D27D4EB4FULL;
    x ^= x >> 29;
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 32;
    return (x & s->pt_mask) * PT_BUCKET;
}

/* 16 bits of the lengths and the leader, never 0 (the middle bits of an entry's tag). */
static u64 pt_lens_bits(const Search *s, u64 lens) {
    u64 x = (lens + (u64)s->leader) * 0xD6E8FEB86659FD93ULL;
    return ((x >> 48) | 1) & 0xFFFF;
}

/* The owner-code bits of the top ``k`` of ``len`` cards of a suit (suit_code: 3 bits a card, the lowest last). */
static u64 prefix_mask(int len, int k) {
    return k ? (((1ULL << (3 * k)) - 1) << (3 * (len - k))) : 0;
}

/* 32 bits of the owner codes ``code`` of each suit's top ``ks`` cards (4 bits a suit), ``len`` cards held (a
 * count above a suit's length, an entry of other lengths met under the same 16 bits of them, reads as no card). */
static u64 pt_prefix_bits(const u64 *code, const int *len, unsigned ks) {
    u64 x = ks;
    for (int su = 0; su < 4; su++) {
        int k = (int)((ks >> (4 * su)) & 15);
        u64 v = k <= len[su] ? code[su] & prefix_mask(len[su], k) : 0;
        x = (x ^ v) * 0x9E3779B97F4A7C15ULL;
        x ^= x >> 29;
    }
    return x >> 32;
}

/* An entry's tag (never 0: an empty slot): how many top cards of each suit it rests on (bits 0-15), its lengths
 * and leader (16-31), the owners of those cards (32-63).  A position an entry holds for has the entry's tag under
 * the entry's counts, so a slot whose tag differs is passed over without reading the entry (a lookup reads the
 * bucket's 32 tags, 256 bytes, and only the entries whose tags match; the table's answers are those of reading
 * every entry). */
static u64 pt_tag_of(u64 lens_bits, const u64 *code, const int *len, unsigned ks) {
    return ks | lens_bits << 16 | pt_prefix_bits(code, len, ks) << 32;
}

/* The cards held of ``su`` from the top down to the lowest card of ``rel`` in it (its prefix), as a count. */
static int prefix_len(const Search *s, int su, u64 rel) {
    int r = suit_bits(rel, su);
    if (!r)
        return 0;
    int held = suit_bits(s->h[0] | s->h[1] | s->h[2] | s->h[3], su);
    return popcount64((u64)(held >> low_bit((u64)r)));
}

/* The lowest of the top ``k`` cards held of ``su`` (the card a prefix of ``k`` reaches), as a card bit. */
static u64 prefix_card(const Search *s, int su, int k) {
    int held = suit_bits(s->h[0] | s->h[1] | s->h[2] | s->h[3], su);
    for (int r = 12; r >= 0; r--)
        if ((held >> r) & 1 && !--k)
            return 1ULL << (13 * su + r);
    return 0;
}

/* The tightest bounds the entries matching the position give, with the cards each rests on, and a best lead. */
static int pt_get(const Search *s, u64 lens, int *lo, int *hi, u64 *rel_lo, u64 *rel_hi, int *hint) {
    u64 lb = pt_lens_bits(s, lens);
    int lens_su[4];
    suit_lens(s, lens_su);
    int found = 0, best_work = -1;
    u64 buckets[PT_LEVELS];
    for (int d = 0; d < PT_LEVELS; d++) { /* the four buckets' tags asked for at once (their reads overlap) */
        buckets[d] = pt_bucket(s, lens, d, top_owners(s, lens_su, d));
#if defined(__GNUC__) || defined(__clang__)
        for (int i = 0; i < PT_BUCKET; i += 8)
            __builtin_prefetch(&s->pt_tag[buckets[d] + i]);
#endif
    }
    for (int d = 0; d < PT_LEVELS; d++) {
      u64 b = buckets[d];
      for (int i = 0; i < PT_BUCKET; i++) {
        u64 tg = s->pt_tag[b + i];
        if (((tg >> 16) & 0xFFFF) != lb || pt_prefix_bits(s->code, lens_su, (unsigned)(tg & 0xFFFF)) != tg >> 32)
            continue; /* (an empty slot's lengths bits are 0) */
        const PEntry *e = &s->pt[b + i];
        if (e->leader != s->leader + 1 || e->lens != lens)
            continue;
        int ok = 1;
        for (int su = 0; su < 4 && ok; su++) {
            int k = (int)((e->part[su] >> 40) & 15);
            if ((s->code[su] ^ e->part[su]) & prefix_mask(lens_su[su], k))
                ok = 0;
        }
        if (!ok)
            continue;
        u64 rel = 0;
        for (int su = 0; su < 4; su++) {
            int k = (int)((e->part[su] >> 40) & 15);
            if (k)
                rel |= prefix_card(s, su, k);
        }
        if (!found || e->lo > *lo) {
            *lo = e->lo;
            *rel_lo = rel;
        }
        if (!found || e->hi < *hi) {
            *hi = e->hi;
            *rel_hi = rel;
        }
        if (e->best && s->pt_work[b + i] > best_work) {
            best_work = s->pt_work[b + i];
            *hint = e->best;
        }
        found = 1;
      }
    }
    return found;
}

static void pt_put(Search *s, u64 lens, int lo, int hi, u64 rel, int card, long long work) {
    u64 part[4];
    int level = PT_LEVELS - 1, lens_su[4];
    unsigned ks = 0;
    suit_lens(s, lens_su);
    for (int su = 0; su < 4; su++) {
        int k = prefix_len(s, su, rel), len = lens_su[su];
        ks |= (unsigned)k << (4 * su);
        part[su] = (s->code[su] & prefix_mask(len, k)) | ((u64)k << 40);
        if (k < len && k < level)
            level = k; /* the entry rests on the top ``k`` cards of this suit only */
    }
    u64 bi = pt_bucket(s, lens, level, top_owners(s, lens_su, level));
    PEntry *b = &s->pt[bi];
    u64 *tags = &s->pt_tag[bi];
    unsigned char *works = &s->pt_work[bi];
    u64 tag = pt_tag_of(pt_lens_bits(s, lens), s->code, lens_su, ks);
    int w = 0;
    while (w < 60 && (1LL << w) < work)
        w++;
    int slot = -1;
    for (int i = 0; i < PT_BUCKET; i++) {
        PEntry *e = &b[i];
        if (tags[i] == tag && e->leader == s->leader + 1 && e->lens == lens && !memcmp(e->part, part, sizeof part)) {
            /* the same set of positions: both bounds hold for it */
            if (lo > e->lo)
                e->lo = (signed char)lo;
            if (hi < e->hi)
                e->hi = (signed char)hi;
            if (card >= 0)
                e->best = (signed char)move_code(s, card);
            if (w > works[i])
                works[i] = (unsigned char)w;
            return;
        }
        if (slot < 0 || !tags[i] || (tags[slot] && works[i] < works[slot]))
            slot = i; /* an empty slot (the last), else the entry that took least work (the first) */
    }
    tags[slot] = tag;
    works[slot] = (unsigned char)w;
    PEntry *e = &b[slot];
    e->lens = lens;
    memcpy(e->part, part, sizeof part);
    e->leader = (signed char)(s->leader + 1);
    e->lo = (signed char)lo;
    e->hi = (signed char)hi;
    e->best = (signed char)(card >= 0 ? move_code(s, card) : 0);
}

/* The card a move code names in the present position (move_code's inverse), if the leader holds it; else -1. */
static int code_move(const Search *s, int code) {
    if (!code)
        return -1;
    code--;
    int su = code / 13, above = code % 13;
    int live = suit_bits(s->h[0] | s->h[1] | s->h[2] | s->h[3], su);
    for (int r = 12; r >= 0; r--) {
        if (!((live >> r) & 1))
            continue;
        if (!above--)
            return ((s->h[s->leader] >> (13 * su + r)) & 1) ? 13 * su + r : -1;
    }
    return -1;
}

/* The run of top cards of ``su`` that ``seat`` holds, as the lowest card of it (a card bit), or 0. */
static u64 run_card(const Search *s, int seat, int su) {
    int live = suit_bits(s->h[0] | s->h[1] | s->h[2] | s->h[3], su), hand = suit_bits(s->h[seat], su), last = -1;
    for (int r = 12; r >= 0; r--) {
        if (!((live >> r) & 1))
            continue;
        if (!((hand >> r) & 1))
            break;
        last = r;
    }
    return last >= 0 ? 1ULL << (13 * su + last) : 0;
}

/* boundary_bounds of a double dummy, each bound with the cards it reads (lengths are in the key): the forced
 * trump tricks read the trumps; all_masters the leader's cards; quick_tricks the runs of top cards of the leader
 * and partner; must_lose_lead the top card of each suit the leader holds. */
static void dd_bounds(const Search *s, int n, int *lo, int *hi, u64 *rel_lo, u64 *rel_hi) {
    *lo = 0;
    *hi = n;
    *rel_lo = *rel_hi = 0;
    int t = s->trump, L = s->leader, P = (L + 2) % 4;
    u64 all = s->h[0] | s->h[1] | s->h[2] | s->h[3];
    if (t >= 0 && suit_bits(all, t)) {
        int a0 = suit_bits(s->h[0], t), a1 = suit_bits(s->h[1], t), a2 = suit_bits(s->h[2], t),
            a3 = suit_bits(s->h[3], t);
        int mine = s->side == 0 ? forced_count(a0, a2, a1 | a3, 0) : forced_count(a1, a3, a0 | a2, 0);
        int theirs = s->side == 0 ? forced_count(a1, a3, a0 | a2, 0) : forced_count(a0, a2, a1 | a3, 0);
        u64 trumps = 1ULL << (13 * t + low_bit((u64)suit_bits(all, t)));
        if (mine) {
            *lo = mine;
            *rel_lo = trumps;
        }
        if (theirs) {
            *hi = n - theirs;
            *rel_hi = trumps;
        }
    }
    if (all_masters(s, L)) {
        u64 r = 0;
        for (int su = 0; su < 4; su++) {
            int mine = suit_bits(s->h[L], su);
            if (mine)
                r |= 1ULL << (13 * su + low_bit((u64)mine));
        }
        if ((L & 1) == s->side) {
            *lo = n;
            *rel_lo = r;
        } else {
            *hi = 0;
            *rel_hi = r;
        }
        return;
    }
    int q = quick_tricks(s, L);
    int lose = q == 0 && must_lose_lead(s, L);
    u64 r = 0;
    if (q) {
        for (int su = 0; su < 4; su++)
            r |= run_card(s, L, su) | run_card(s, P, su);
    } else if (lose) {
        for (int su = 0; su < 4; su++)
            if (suit_bits(s->h[L], su))
                r |= 1ULL << (13 * su + top_bit((u64)suit_bits(all, su)));
    }
    if ((L & 1) == s->side) {
        if (q > *lo) {
            *lo = q;
            *rel_lo = r;
        }
        if (lose && n - 1 < *hi) {
            *hi = n - 1;
            *rel_hi = r;
        }
    } else {
        if (n - q < *hi) {
            *hi = n - q;
            *rel_hi = r;
        }
        if (lose && *lo < 1) {
            *lo = 1;
            *rel_lo = r;
        }
    }
}

static int dd_search(Search *s, int alpha, int beta, u64 *rel);

/* The lowest card of the run of equivalent cards ``card`` was played from (legal_reps' run: the cards of the
 * suit still in play, this trick's included, adjacent to it in ``seat``'s hand), as a card bit.  When the run's
 * top card wins a trick by its rank, the bound found rests on the run's every card: a lower card of the run is
 * the same play here, but where the run is shorter (a position sharing only its top cards) the lower card may
 * lose to a card it beats here (West's king-nine-five against king-jack-nine: the five goes under East's eight,
 * the nine does not). */
static u64 run_low(const Search *s, int seat, int card) {
    int su = card / 13, low = card % 13;
    int live = suit_bits(s->rem, su), hand = suit_bits(s->h[seat], su) | 1 << low;
    for (int r = low - 1; r >= 0; r--) {
        if (!((live >> r) & 1))
            continue;
        if (!((hand >> r) & 1))
            break;
        low = r;
    }
    return 1ULL << (13 * su + low);
}

/* The player to move chooses a card (play() of a double dummy, with the cards its value rests on). */
static int dd_play(Search *s, int alpha, int beta, int lo, int hi, int hint, int *bm, u64 *rel) {
    int seat = (s->leader + s->ntrick) % 4;
    int maximize = s->maximizing[seat & 1];
    int moves[13], n = legal_reps(s, seat, moves);
    order_dd(s, seat, moves, n);
    if (hint >= 0) {
        for (int i = 1; i < n; i++)
            if (moves[i] == hint) {
                memmove(moves + 1, moves, sizeof(int) * i);
                moves[0] = hint;
                break;
            }
    }
    int bi = 0, best = maximize ? -INF : INF;
    u64 all = 0;
    for (int i = 0; i < n; i++) {
        u64 r = 0;
        int v;
        int k = s->ntrick;
        int card = moves[i];
        s->h[seat] ^= 1ULL << card;
        s->trick[k] = card;
        s->ntrick = k + 1;
        if (k < 3) {
            tick(s);
            v = dd_play(s, maximize ? imax(alpha, best) : alpha, maximize ? beta : imin(beta, best), 0, INF, -1,
                        NULL, &r);
            s->ntrick = k;
        } else {
            int w = winner_index(s->trick, 4, s->trump);
            int leader = s->leader, win_seat = (leader + w) % 4;
            int gained = (win_seat & 1) == s->side;
            int wsuit = s->trick[w] / 13, others = 0;
            for (int j = 0; j < 4; j++)
                if (j != w && s->trick[j] / 13 == wsuit)
                    others = 1;
            u64 by_rank = others ? run_low(s, win_seat, s->trick[w]) : 0;
            TrickSave saved;
            close_trick(s, &saved);
            s->ntrick = 0;
            s->leader = win_seat;
            int a = maximize ? imax(alpha, best) : alpha, b = maximize ? beta : imin(beta, best);
            v = gained + dd_search(s, a - gained, b - gained, &r);
            r |= by_rank; /* the winner won by its rank: the bound rests on its run down to the run's lowest card */
            reopen_trick(s, &saved);
            s->leader = leader;
            s->ntrick = k;
        }
        s->h[seat] ^= 1ULL << card;
        if (maximize ? v > best : v < best) {
            best = v;
            bi = i;
            if (maximize ? (best >= beta || best >= hi) : (best <= alpha || best <= lo)) {
                all = r; /* a cut: the value rests on this move's line alone */
                goto done;
            }
        }
        all |= r;
    }
done:
    *rel |= all;
    if (bm)
        *bm = moves[bi];
    return best;
}

static int dd_search(Search *s, int alpha, int beta, u64 *rel) {
    tick(s);
    if (s->ntrick)
        return dd_play(s, alpha, beta, 0, INF, -1, NULL, rel);
    int n = popcount64(s->h[s->leader]);
    if (!n)
        return 0;
    u64 lens = hand_lens(s);
    int lo = 0, hi = n, hint_code = 0;
    u64 rel_lo = 0, rel_hi = 0;
    if (!pt_get(s, lens, &lo, &hi, &rel_lo, &rel_hi, &hint_code))
        dd_bounds(s, n, &lo, &hi, &rel_lo, &rel_hi);
    if (lo >= beta || lo == hi) {
        *rel |= rel_lo | (lo == hi ? rel_hi : 0);
        return lo;
    }
    if (hi <= alpha) {
        *rel |= rel_hi;
        return hi;
    }
    int a0 = alpha > lo ? alpha : lo;
    int b0 = beta < hi ? beta : hi;
    long long before = s->nodes;
    int bm = -1;
    u64 r = 0;
    int v = dd_play(s, a0, b0, lo, hi, code_move(s, hint_code), &bm, &r);
    /* what is kept: the bound the search proved, on the cards it rests on, and the other bound as it was, on its
     * own cards (a bound of 0 or n rests on nothing) */
    if (v <= a0) {
        hi = v;
        if (lo > 0)
            r |= rel_lo;
    } else if (v >= b0) {
        lo = v;
        if (hi < n)
            r |= rel_hi;
    } else {
        lo = hi = v;
    }
    pt_put(s, lens, lo, hi, r, bm, s->nodes - before);
    *rel |= r;
    return v;
}

/* The value of one play-out following the move ordering (or ``min_choice`` for a floor): MTD(f)'s first guess.
 * It counts no nodes, as in search.py. */
static int guess(Search *s) {
    u64 h[4], rem = s->rem;
    int trick[4], ntrick = s->ntrick, leader = s->leader;
    memcpy(h, s->h, sizeof h);
    memcpy(trick, s->trick, sizeof trick);
    LineState line = s->line;
    int total = 0;
    for (;;) {
        if (!s->ntrick && !s->h[s->leader])
            break;
        int seat = (s->leader + s->ntrick) % 4;
        int moves[13], n;
        n = (seat & 1) == s->judged ? judged_moves(s, seat, moves) : legal_reps(s, seat, moves);
        int maximize = s->maximizing[seat & 1]; /* (after the moves, as search.py's ``moves``: a squeeze step) */
        if (s->squeeze_at >= 0 && (seat & 1) == s->judged && s->line.step_idx >= s->squeeze_at)
            maximize = 1;
        int card;
        if (n > 1 && !(maximize || s->minimax)) {
            card = min_choice(s, seat, moves, n);
        } else {
            order(s, seat, moves, n, !maximize);
            card = moves[0];
        }
        s->h[seat] ^= 1ULL << card;
        if (!s->ntrick && s->nsteps && (seat & 1) == s->judged)
            mark_lead(s, card);
        s->trick[s->ntrick++] = card;
        if (s->ntrick == 4) {
            int i = winner_index(s->trick, 4, s->trump);
            int win = (s->leader + i) % 4;
            total += s->targets ? (int)((s->targets >> s->trick[i]) & 1) : (win & 1) == s->side;
            if (s->nsteps && s->line.trick_step >= 0 && s->line.trick_step == s->line.step_idx)
                s->line.step_rounds++;
            for (int j = 0; j < 4; j++)
                s->rem &= ~(1ULL << s->trick[j]);
            s->ntrick = 0;
            s->leader = win;
            s->line.trick_step = -1;
        }
    }
    s->line = line;
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
    s->root_line = s->line;
    if (g < s->lo)
        g = s->lo;
    if (g > s->hi)
        g = s->hi;
    if (setjmp(s->timeout))
        return 0;
    while (s->lo < s->hi) {
        int beta = g == s->lo ? g + 1 : g;
        if (s->pt) {
            u64 rel = 0;
            g = dd_search(s, beta - 1, beta, &rel);
        } else {
            g = search(s, beta - 1, beta);
        }
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

/* The tables of a normal-play search or a double dummy (searches that mostly run long) are handed, before the
 * search touches them, to the system's transparent huge pages where it has them on request (Linux, "madvise"),
 * so that their first touches fault once every 2 MiB rather than every 4 KiB (about a seventh of a long
 * normal-play search's time).  A legal floor, mostly a few hundred nodes, does not ask: zeroing a 2 MiB page
 * for each of the few slots it touches would cost it more than it saves.  Only the speed differs, never a
 * result. */
static void ask_huge(void *p, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const size_t huge = (size_t)2 << 20;
    if (p && bytes >= 2 * huge) {
        uintptr_t a = ((uintptr_t)p + huge - 1) & ~(uintptr_t)(huge - 1);
        uintptr_t e = ((uintptr_t)p + bytes) & ~(uintptr_t)(huge - 1);
        if (e > a)
            (void)madvise((void *)a, e - a, MADV_HUGEPAGE); /* (a hint: refused, nothing changes) */
    }
#else
    (void)p;
    (void)bytes;
#endif
}

static void ask_huge_tables(Search *s) {
    ask_huge(s->tt, sizeof(TTEntry) * (size_t)(s->tt_mask + 1));
    if (s->pt) {
        ask_huge(s->pt, sizeof(PEntry) * (size_t)((s->pt_mask + 1) * PT_BUCKET));
        ask_huge(s->pt_tag, sizeof(u64) * (size_t)((s->pt_mask + 1) * PT_BUCKET));
    }
}

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

PyDoc_STRVAR(solve_normal_doc,
             "solve_normal(hands, trump, leader, trick, side, limit, pclass, known, max_suits, findings[, line,\n"
             "             targets, export]) -> (value, lower, upper, nodes, lost, state)\n\n"
             "The normal floor without a stated line (search.py ``normal_floor``): ``side``'s plays are normal\n"
             "(normal.py), the other side plays any legal card.  pclass 0 novice, 1 club, 2 expert; known and\n"
             "max_suits: suit masks 0-15 (70E); findings: (seat, card id, role) triples, role 0 lead, 1 follow,\n"
             "2 discard, 3 ruff or -1 (any play but a lead), at most 64; line (optional): the stated line's steps,\n"
             "(kind, card, suit, rounds, on, by) with kind the index in STEP_KINDS, at most 60; targets\n"
             "(optional): a card mask, for search.py ``target_tricks`` (the most tricks those cards win, every\n"
             "seat maximising; known and max_suits must be 0).  The other arguments as solve().  lost: the\n"
             "table entries overwritten (search.py's dict keeps them: with any lost the nodes may differ);\n"
             "state, with export: (table entries, the line's state at the root, the memo's states), else None.");

/* The arguments every search takes, checked: the hands, the trick, the limit. */
static int parse_position(PyObject *hands, PyObject *trick, PyObject *limit_obj, u64 *h, int *tr, int *ntrick,
                          long long *limit) {
    PyObject *hs = PySequence_Fast(hands, "hands must be a sequence of four ints");
    if (!hs)
        return -1;
    if (PySequence_Fast_GET_SIZE(hs) != 4) {
        Py_DECREF(hs);
        PyErr_SetString(PyExc_ValueError, "hands must hold four masks");
        return -1;
    }
    for (int i = 0; i < 4; i++) {
        h[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(hs, i));
        if (PyErr_Occurred()) {
            Py_DECREF(hs);
            return -1;
        }
    }
    Py_DECREF(hs);
    PyObject *ts = PySequence_Fast(trick, "trick must be a sequence of card ids");
    if (!ts)
        return -1;
    Py_ssize_t nt = PySequence_Fast_GET_SIZE(ts);
    if (nt > 3) {
        Py_DECREF(ts);
        PyErr_SetString(PyExc_ValueError, "a trick in progress has at most three cards");
        return -1;
    }
    *ntrick = (int)nt;
    for (int i = 0; i < *ntrick; i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(ts, i));
        if (c == -1 && PyErr_Occurred()) {
            Py_DECREF(ts);
            return -1;
        }
        tr[i] = (c < -1 || c > 52) ? -1 : (int)c;
    }
    Py_DECREF(ts);
    *limit = -1;
    if (limit_obj != Py_None) {
        *limit = PyLong_AsLongLong(limit_obj);
        if (*limit == -1 && PyErr_Occurred())
            return -1;
        if (*limit < 0)
            *limit = 0;
    }
    return 0;
}

/* A search of the position, its table allocated (NULL with a Python error set). */
static Search *new_search(const u64 *h, int trump, int leader, const int *tr, int ntrick, int side, int minimax,
                          long long limit) {
    const char *bad = check_position(h, trump, leader, tr, ntrick, side);
    if (bad) {
        PyErr_SetString(PyExc_ValueError, bad);
        return NULL;
    }
    Search *s = (Search *)calloc(1, sizeof(Search));
    if (!s) {
        PyErr_NoMemory();
        return NULL;
    }
    s->tt_bits = tt_bits_for(minimax ? 0 : limit); /* (a double dummy keeps its own table: pt_new) */
    s->tt_mask = (1ULL << s->tt_bits) - 1;
    s->tt = (TTEntry *)calloc((size_t)1 << s->tt_bits, sizeof(TTEntry));
    if (!s->tt) {
        free(s);
        PyErr_NoMemory();
        return NULL;
    }
    memcpy(s->h, h, sizeof s->h);
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
    s->squeeze_at = -1;
    s->line.trick_step = -1;
    for (int p = 0; p < 2; p++)
        s->maximizing[p] = minimax ? (p == side) : 0;
    s->max_nodes = limit;
    return s;
}

static void free_search(Search *s) {
    free(s->pt);
    free(s->pt_tag);
    free(s->pt_work);
    free(s->cash);
    free(s->nm);
    free(s->tt);
    free(s);
}

/* What a normal-play search leaves for search.py to go on from (``normal_floor``'s ``with_line``): its table as
 * [(k0, k1, k2)], its line's state at the root (step_idx, step_rounds, trick_step, known) and the states its memo
 * of normal moves has seen, [(h0, h1, h2, h3, packed trick, leader and line state)] (None without a line). */
/* OR ``v`` into the little-endian 256-bit number ``limbs`` at bit ``off``. */
static void put_bits(u64 *limbs, u64 v, int off) {
    int w = off / 64, b = off % 64;
    limbs[w] |= v << b;
    if (b && w < 3)
        limbs[w + 1] |= v >> (64 - b);
}

/* A table entry's key as search.py ``_Search.key`` composes it (``_compose_key``, with the aces and kings):
 * from the bottom, the aces and kings still in play as card bits (52), the known suits (4), the step's rounds (5),
 * the step (6), the leader (2), then the relative-rank code of the four suits, the last suit lowest (40 bits each;
 * see tt_key for where each part is in the entry's words). */
static PyObject *python_key(const TTEntry *e) {
    u64 k0 = e->k0, k1 = e->k1, k2 = e->k2 & K2_MASK, limbs[4] = {0, 0, 0, 0};
    const u64 m40 = (1ULL << 40) - 1;
    u64 ak = k0 >> 56, aces_kings = 0;
    for (int su = 0; su < 4; su++)
        aces_kings |= ((ak >> (2 * su)) & 3) << (13 * su + 11);
    put_bits(limbs, aces_kings, 0);
    put_bits(limbs, (k0 >> 52) & 15, 52);
    put_bits(limbs, (k0 >> 48) & 15, 56);
    put_bits(limbs, (k0 >> 42) & 63, 61);
    put_bits(limbs, (k0 >> 40) & 3, 67);
    put_bits(limbs, k2 & m40, 69);
    put_bits(limbs, (k1 >> 40) | (((k2 >> 40) & 0xFFFF) << 24), 109);
    put_bits(limbs, k1 & m40, 149);
    put_bits(limbs, k0 & m40, 189);
    unsigned char bytes[32];
    for (int i = 0; i < 32; i++)
        bytes[i] = (unsigned char)(limbs[i / 8] >> (8 * (i % 8)));
    return _PyLong_FromByteArray(bytes, 32, 1, 0);
}

/* The search's state for the Python search to go on from (search.py ``_take_over``): its table as search.py's
 * dict ({key: lo << 4 | hi}), the line's state at the root, and the states its memo of normal moves has seen. */
static PyObject *export_state(const Search *s, int exact) {
    PyObject *tt = PyDict_New();
    if (!tt)
        return NULL;
    for (u64 i = 0; i <= s->tt_mask; i++) {
        const TTEntry *e = &s->tt[i];
        if (!e->k0)
            continue;
        PyObject *k = python_key(e), *v = k ? PyLong_FromLong((long)(e->k2 >> 56)) : NULL;
        if (!v || PyDict_SetItem(tt, k, v) < 0) {
            Py_XDECREF(k);
            Py_XDECREF(v);
            Py_DECREF(tt);
            return NULL;
        }
        Py_DECREF(k);
        Py_DECREF(v);
    }
    /* search.py's ``run``: exact, the search is at its root with the line's state its root node left; stopped by
     * its limit, it is put back at the root as it was after the first guess */
    const LineState *ln = exact ? &s->line : &s->root_line;
    PyObject *nm;
    if (s->nm) {
        nm = PyList_New(0);
        if (!nm) {
            Py_DECREF(tt);
            return NULL;
        }
        for (u64 i = 0; i <= s->nm_mask; i++) {
            const NMEntry *e = &s->nm[i];
            if (e->gen != s->nm_gen)
                continue;
            PyObject *t = Py_BuildValue("(KKKKK)", (unsigned long long)e->h[0], (unsigned long long)e->h[1],
                                        (unsigned long long)e->h[2], (unsigned long long)e->h[3],
                                        (unsigned long long)e->rest);
            if (!t || PyList_Append(nm, t) < 0) {
                Py_XDECREF(t);
                Py_DECREF(nm);
                Py_DECREF(tt);
                return NULL;
            }
            Py_DECREF(t);
        }
    } else {
        nm = Py_None;
        Py_INCREF(nm);
    }
    return Py_BuildValue("(N(iiii)N)", tt, ln->step_idx, ln->step_rounds, ln->trick_step, ln->known, nm);
}

/* Run the search (the GIL released), free it and return (value, lower, upper, nodes); ``normal``: with two more,
 * the entries lost from the table (tt_lost) and, when ``export``, ``export_state`` (else None). */
static PyObject *run_and_free(Search *s, int normal, int export) {
    for (int su = 0; su < 4; su++)
        s->code[su] = suit_code(s, su);
    int exact;
    Py_BEGIN_ALLOW_THREADS exact = run(s);
    Py_END_ALLOW_THREADS
    long long nodes = s->nodes;
    int lo = s->lo, hi = s->hi;
    PyObject *value = exact ? PyLong_FromLong(lo) : (Py_INCREF(Py_None), Py_None);
    if (!value) {
        free_search(s);
        return NULL;
    }
    if (!normal) {
        free_search(s);
        return Py_BuildValue("NiiL", value, lo, exact ? lo : hi, nodes);
    }
    PyObject *state = Py_None;
    if (export) {
        state = export_state(s, exact);
        if (!state) {
            Py_DECREF(value);
            free_search(s);
            return NULL;
        }
    } else {
        Py_INCREF(state);
    }
    long long lost = s->tt_lost;
    free_search(s);
    return Py_BuildValue("NiiLLN", value, lo, exact ? lo : hi, nodes, lost, state);
}

static PyObject *py_solve(PyObject *self, PyObject *args) {
    PyObject *hands, *trick, *limit_obj;
    int trump, leader, side, minimax;
    (void)self;
    if (!PyArg_ParseTuple(args, "OiiOipO", &hands, &trump, &leader, &trick, &side, &minimax, &limit_obj))
        return NULL;
    u64 h[4];
    int tr[4] = {0, 0, 0, 0}, ntrick;
    long long limit;
    if (parse_position(hands, trick, limit_obj, h, tr, &ntrick, &limit) < 0)
        return NULL;
    Search *s = new_search(h, trump, leader, tr, ntrick, side, minimax, limit);
    if (!s)
        return NULL;
    if (minimax) {
        if (pt_new(s, limit) < 0) {
            free_search(s);
            return PyErr_NoMemory();
        }
        ask_huge_tables(s); /* (a double dummy mostly runs long; a legal floor does not) */
    }
    return run_and_free(s, 0, 0);
}

/* ``obj`` as a fast sequence (a new reference) of at most ``most`` items, its length in ``*n``; NULL with a
 * ValueError or TypeError set (``not_seq``, ``too_many``) otherwise. */
static PyObject *bounded_sequence(PyObject *obj, const char *not_seq, Py_ssize_t most, const char *too_many,
                                  Py_ssize_t *n) {
    PyObject *seq = PySequence_Fast(obj, not_seq);
    if (!seq)
        return NULL;
    *n = PySequence_Fast_GET_SIZE(seq);
    if (*n > most) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, too_many);
        return NULL;
    }
    return seq;
}

/* A normal-play search of solve_normal's arguments, set up (NULL with a Python error set); ``*export`` its flag. */
static Search *normal_setup(PyObject *args, int *export_out) {
    PyObject *hands, *trick, *limit_obj, *finds, *line_obj = NULL;
    int trump, leader, side, pclass, known, max_suits;
    unsigned long long targets = 0;
    int export = 0;
    if (!PyArg_ParseTuple(args, "OiiOiOiiiO|OKp", &hands, &trump, &leader, &trick, &side, &limit_obj, &pclass,
                          &known, &max_suits, &finds, &line_obj, &targets, &export))
        return NULL;
    *export_out = export;
    if (targets >> 52) {
        PyErr_SetString(PyExc_ValueError, "targets must be a mask of card ids 0-51");
        return NULL;
    }
    if (pclass < NOVICE || pclass > EXPERT) {
        PyErr_SetString(PyExc_ValueError, "pclass must be 0 (novice), 1 (club) or 2 (expert)");
        return NULL;
    }
    if (known < 0 || known > 15 || max_suits < 0 || max_suits > 15) {
        PyErr_SetString(PyExc_ValueError, "known and max_suits must be suit masks 0-15");
        return NULL;
    }
    u64 h[4];
    int tr[4] = {0, 0, 0, 0}, ntrick;
    long long limit;
    if (parse_position(hands, trick, limit_obj, h, tr, &ntrick, &limit) < 0)
        return NULL;
    int fseat[MAX_FINDINGS], frole[MAX_FINDINGS], nfind = 0;
    u64 fmask[MAX_FINDINGS];
    Py_ssize_t nf;
    PyObject *fs = bounded_sequence(finds, "findings must be a sequence of (seat, card, role) triples",
                                    MAX_FINDINGS, "at most 64 findings", &nf);
    if (!fs)
        return NULL;
    for (Py_ssize_t i = 0; i < nf; i++) {
        int seat, card, role;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(fs, i), "iii", &seat, &card, &role)) {
            Py_DECREF(fs);
            return NULL;
        }
        if (seat < 0 || seat > 3 || card < 0 || card > 51 || role < -1 || role > 3) {
            Py_DECREF(fs);
            PyErr_SetString(PyExc_ValueError, "a finding is (seat 0-3, card id 0-51, role -1..3)");
            return NULL;
        }
        fseat[nfind] = seat;
        fmask[nfind] = 1ULL << card;
        frole[nfind++] = role;
    }
    Py_DECREF(fs);
    /* the stated line: (kind, card, suit, rounds, on, by) tuples, kinds numbered as STEP_KINDS */
    LineStep steps[MAX_STEPS];
    int nsteps = 0;
    if (line_obj && line_obj != Py_None) {
        Py_ssize_t nl;
        PyObject *ls = bounded_sequence(line_obj, "line must be a sequence of steps", MAX_STEPS, "at most 60 steps",
                                        &nl);
        if (!ls)
            return NULL;
        for (Py_ssize_t i = 0; i < nl; i++) {
            LineStep *st = &steps[nsteps];
            if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(ls, i), "iiiiii", &st->kind, &st->card, &st->suit,
                                  &st->rounds, &st->on, &st->by)) {
                Py_DECREF(ls);
                return NULL;
            }
            int needs_card = st->kind == K_PLAY || st->kind == K_FINESSE || st->kind == K_RUFFING_FINESSE;
            if (st->kind < K_PLAY || st->kind > K_SQUEEZE || st->card < -1 || st->card > 51 || st->suit < -1 ||
                st->suit > 3 || st->rounds < 0 || st->on < -1 || st->on > 3 || st->by < -1 || st->by > 3 ||
                (needs_card && (st->card < 0 || st->suit != st->card / 13)) ||
                (st->kind == K_DISCARD && st->card < 0 && st->suit < 0)) {
                Py_DECREF(ls);
                PyErr_SetString(PyExc_ValueError, "a step is (kind 0-8, card -1..51, suit -1..3, rounds >= 0, "
                                                  "on -1..3, by -1..3); a play, finesse or ruffing finesse names "
                                                  "its card, a discard its card or suit");
                return NULL;
            }
            nsteps++;
        }
        Py_DECREF(ls);
    }
    Search *s = new_search(h, trump, leader, tr, ntrick, side, 0, limit);
    if (!s)
        return NULL;
    for (int i = 0; i < nsteps; i++) {
        const LineStep *st = &steps[i];
        if (st->kind == K_DISCARD) {
            s->standing[s->nstanding++] = *st; /* a standing instruction */
        } else {
            if (st->kind == K_SQUEEZE && s->squeeze_at < 0)
                s->squeeze_at = s->nsteps;
            s->steps[s->nsteps++] = *st;
        }
        if (st->card >= 0)
            s->marks |= 1ULL << st->card; /* the line's cards are told apart in the key */
        /* the claimer's count sees the opponents' trumps only when his line speaks of trumps (70C1) */
        if (trump >= 0 && (st->kind == K_DRAW_TRUMPS || ((st->kind == K_CASH || st->kind == K_LEAD) && st->suit == trump)))
            s->trumps_seen = 1;
    }
    if (s->nsteps) {
        /* room for every state asked (one a node, and the first guess's), at most NM_MEMO_LIMIT + 1 at once */
        int bits = 10;
        while (bits < NM_MAX_BITS && (limit < 0 || (1LL << bits) < 2 * (limit + 4096)))
            bits++;
        s->nm_mask = (1ULL << bits) - 1;
        s->nm_gen = 1;
        s->nm = (NMEntry *)calloc((size_t)1 << bits, sizeof(NMEntry));
        if (!s->nm) {
            free_search(s);
            PyErr_NoMemory();
            return NULL;
        }
    }
    s->cash = (CashEntry *)calloc((size_t)1 << CASH_BITS, sizeof(CashEntry));
    if (!s->cash) {
        free_search(s);
        PyErr_NoMemory();
        return NULL;
    }
    s->judged = side;
    s->pclass = pclass;
    s->max_suits = max_suits;
    s->line.known = known;
    s->dynamic_known = 1;
    if (targets) {
        /* search.py ``target_tricks``: every seat maximises the target cards' tricks; no suit becomes known */
        s->targets = targets;
        s->marks |= targets;
        s->maximizing[0] = s->maximizing[1] = 1;
        s->dynamic_known = 0;
    }
    s->nfind = nfind;
    memcpy(s->find_seat, fseat, sizeof(int) * nfind);
    memcpy(s->find_mask, fmask, sizeof(u64) * nfind);
    memcpy(s->find_role, frole, sizeof(int) * nfind);
    for (int su = 0; su < 4; su++)
        s->marks |= 0x1FULL << (13 * su + 8); /* the ten to the ace (search.py ``_HONOURS``) */
    ask_huge_tables(s);
    return s;
}

static PyObject *py_solve_normal(PyObject *self, PyObject *args) {
    int export;
    (void)self;
    Search *s = normal_setup(args, &export);
    if (!s)
        return NULL;
    return run_and_free(s, 1, export);
}

#define JUDGE_CAPSULE "engine.mechanics.solver._csearch.judge"

static void judge_free(PyObject *cap) {
    Search *s = (Search *)PyCapsule_GetPointer(cap, JUDGE_CAPSULE);
    if (s)
        free_search(s);
}

/* search.py ``_with_line``'s ``judge``: ``_Search(pos, side, minimax=True, normal_side=side, line, ...)``, the side's
 * best normal play, re-rooted along a line (``_reroot``) with its table and memo kept from one run to the next. */
static PyObject *py_judge_new(PyObject *self, PyObject *args) {
    int export;
    (void)self;
    Search *s = normal_setup(args, &export);
    if (!s)
        return NULL;
    s->minimax = 1;
    s->pymode = 1; /* search.py's minimax, node for node: its move order, no best lead kept, no quick tricks */
    for (int p = 0; p < 2; p++)
        s->maximizing[p] = p == s->side;
    s->dynamic_known = 0;
    s->targets = 0;
    PyObject *cap = PyCapsule_New(s, JUDGE_CAPSULE, judge_free);
    if (!cap)
        free_search(s);
    return cap;
}

/* Run the judge from a position and line state (search.py ``_reroot`` then ``run``): (value, lower, upper, nodes,
 * lost), lost counting every entry its table has lost so far. */
static PyObject *py_judge_run(PyObject *self, PyObject *args) {
    PyObject *cap, *hands, *trick, *limit_obj;
    int leader, step_idx, step_rounds, trick_step, known;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOiOiiiiO", &cap, &hands, &leader, &trick, &step_idx, &step_rounds, &trick_step,
                          &known, &limit_obj))
        return NULL;
    Search *s = (Search *)PyCapsule_GetPointer(cap, JUDGE_CAPSULE);
    if (!s)
        return NULL;
    u64 h[4];
    int tr[4] = {0, 0, 0, 0}, ntrick;
    long long limit;
    if (parse_position(hands, trick, limit_obj, h, tr, &ntrick, &limit) < 0)
        return NULL;
    const char *bad = check_position(h, s->trump, leader, tr, ntrick, s->side);
    if (!bad && (step_idx < 0 || step_idx > s->nsteps || step_rounds < 0 || step_rounds > 13 || trick_step < -1 ||
                 trick_step >= s->nsteps || known < 0 || known > 15))
        bad = "the line's state is out of range";
    if (bad) {
        PyErr_SetString(PyExc_ValueError, bad);
        return NULL;
    }
    memcpy(s->h, h, sizeof h);
    s->rem = h[0] | h[1] | h[2] | h[3];
    for (int i = 0; i < ntrick; i++) {
        s->trick[i] = tr[i];
        s->rem |= 1ULL << tr[i];
    }
    s->ntrick = ntrick;
    s->leader = leader;
    s->line.step_idx = step_idx;
    s->line.step_rounds = step_rounds;
    s->line.trick_step = trick_step;
    s->line.known = known;
    for (int su = 0; su < 4; su++)
        s->code[su] = suit_code(s, su);
    s->nodes = 0;
    s->max_nodes = limit;
    int exact;
    Py_BEGIN_ALLOW_THREADS exact = run(s);
    Py_END_ALLOW_THREADS
    if (exact)
        return Py_BuildValue("iiiLL", s->lo, s->lo, s->lo, s->nodes, s->tt_lost);
    return Py_BuildValue("OiiLL", Py_None, s->lo, s->hi, s->nodes, s->tt_lost);
}

/* normal.py ``cash_count`` and ``cash_leads`` for the Python model (normal.py calls these where the module is
 * built: ``normal.COMPILED_COUNT``).  The function is pure, so one cache a trump suit lives as long as the module
 * (allocated on first use; an entry another lands on is forgotten, which changes no result); the GIL is held
 * throughout, so no two calls share it at once. */
static CashEntry *module_cash[5];

/* The arguments of cash_count / cash_leads (``stop`` only ``with_stop``), checked, and ``s`` set up for them: its
 * trump suit and the module's cache for that suit. */
static int count_args(PyObject *args, Search *s, u64 *h, int *leader, int *ruffs, int *stop, int with_stop) {
    unsigned long long a, b, c, d;
    int trump;
    int ok = with_stop ? PyArg_ParseTuple(args, "KKKKiiip", &a, &b, &c, &d, &trump, leader, stop, ruffs)
                       : PyArg_ParseTuple(args, "KKKKiip", &a, &b, &c, &d, &trump, leader, ruffs);
    if (!ok)
        return -1;
    h[0] = a; h[1] = b; h[2] = c; h[3] = d;
    u64 all = h[0] | h[1] | h[2] | h[3];
    if (trump < -1 || trump > 3 || *leader < 0 || *leader > 3 || (all >> 52) ||
        (h[0] & h[1]) || (h[0] & h[2]) || (h[0] & h[3]) || (h[1] & h[2]) || (h[1] & h[3]) || (h[2] & h[3])) {
        PyErr_SetString(PyExc_ValueError,
                        "cash_count: four disjoint hands of card bits 0-51, trump -1..3, leader 0..3");
        return -1;
    }
    CashEntry **slot = &module_cash[trump + 1];
    if (!*slot) {
        *slot = (CashEntry *)calloc((size_t)1 << CASH_BITS, sizeof(CashEntry));
        if (!*slot) {
            PyErr_NoMemory();
            return -1;
        }
    }
    s->trump = trump; /* (all cash_count and cash_leads read of a search) */
    s->cash = *slot;
    return 0;
}

static PyObject *py_cash_count(PyObject *self, PyObject *args) {
    Search s;
    u64 h[4];
    int leader, ruffs, stop = 0;
    (void)self;
    if (count_args(args, &s, h, &leader, &ruffs, &stop, 0) < 0)
        return NULL;
    return PyLong_FromLong(cash_count(&s, h, leader, ruffs));
}

static PyObject *py_cash_leads(PyObject *self, PyObject *args) {
    Search s;
    u64 h[4];
    int leader, ruffs, stop;
    (void)self;
    if (count_args(args, &s, h, &leader, &ruffs, &stop, 1) < 0)
        return NULL;
    int cards[16], values[16];
    int k = cash_leads(&s, h, leader, stop, ruffs, cards, values);
    PyObject *out = PyList_New(k);
    if (!out)
        return NULL;
    for (int i = 0; i < k; i++) {
        PyObject *t = Py_BuildValue("(ii)", cards[i], values[i]);
        if (!t) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, t);
    }
    return out;
}

static PyMethodDef methods[] = {
    {"solve", py_solve, METH_VARARGS, solve_doc},
    {"solve_normal", py_solve_normal, METH_VARARGS, solve_normal_doc},
    {"judge_new", py_judge_new, METH_VARARGS,
     "judge_new(solve_normal's arguments, limit: the nodes of all its runs) -> a judge (search.py's normal-play\n"
     "minimax of _with_line, its table and memo kept from run to run)"},
    {"cash_count", py_cash_count, METH_VARARGS,
     "cash_count(h0, h1, h2, h3, trump, leader, ruffs) -> normal.py cash_count's tricks (a cache kept per trump)"},
    {"cash_leads", py_cash_leads, METH_VARARGS,
     "cash_leads(h0, h1, h2, h3, trump, leader, stop, ruffs) -> normal.py cash_leads' [(card, tricks)]"},
    {"judge_run", py_judge_run, METH_VARARGS,
     "judge_run(judge, hands, leader, trick, step_idx, step_rounds, trick_step, known, limit)\n"
     "    -> (value, lower, upper, nodes, lost)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_csearch",
    "The compiled search core of engine.mechanics.solver: the legal floor, the normal floor and the double-dummy "
    "value.", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__csearch(void) {
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    if (PyModule_AddIntConstant(m, "TT_MAX_ENTRIES", 1L << TT_MAX_BITS) < 0 ||
        PyModule_AddIntConstant(m, "TT_ENTRY_BYTES", (long)sizeof(TTEntry)) < 0 ||
        PyModule_AddIntConstant(m, "DD_MAX_ENTRIES", (long)PT_MAX_BUCKETS * PT_BUCKET) < 0 ||
        PyModule_AddIntConstant(m, "DD_ENTRY_BYTES", (long)(sizeof(PEntry) + sizeof(u64) + 1)) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
