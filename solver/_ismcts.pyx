# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Information Set MCTS over any game's ``GameDef``, the whole loop ``nogil``.

One determinization per iteration (SO-ISMCTS, Cowling et al. 2012): the root
state is copied and everything the searching seat cannot see is resampled,
then one tree, keyed by what the searching seat observes, is walked.

Simultaneous choices use decoupled selection: at a node every deciding seat
picks from its own statistics (regret matching by default, or EXP3, or UCB1
as in DUCT), so no seat ever conditions on another seat's choice made at the
same moment.  A seat deciding alone always uses UCB1.
The child reached is keyed by the observed joint choice and, in games with
chance inside a turn, by what the searching seat saw of it (``chance_key``).

Moves legal in only some determinizations are counted per arm: an arm's
``avail`` is how often it was selectable, and UCB uses it in place of the
parent's visits (subset-armed bandit, as in the ISMCTS paper).

Memory: a node is 12 bytes plus its slot in the child hash table; its arms
(20 bytes each) are allocated only on its ``expand_at``-th visit, so the many
leaves reached once cost no arms.
"""
from libc.stdint cimport int8_t, uint8_t, uint16_t, uint32_t, int32_t, int64_t, uint64_t
from libc.stdlib cimport malloc, realloc, free
from libc.string cimport memcpy, memset
from libc.math cimport sqrt, log, exp
from cpython.pycapsule cimport PyCapsule_GetPointer

from ninja_dojo.engine.core cimport (GameDef, Rng, MAX_SEATS, MAX_LEGAL, MAX_ACTIONS, MAX_FEATURES,
                          rng_next, rng_below, rng_unit, rng_seed, evaluate)
from ninja_dojo.engine.errors import PositionError

cdef extern from "<time.h>" nogil:
    ctypedef long time_t
    struct timespec:
        time_t tv_sec
        long tv_nsec
    int clock_gettime(int clk, timespec* tp)
    int CLOCK_MONOTONIC
    int CLOCK_THREAD_CPUTIME_ID

cdef extern from "<stdlib.h>" nogil:
    void* aligned_alloc(size_t alignment, size_t size)

cdef enum:
    SEL_DUCB = 0
    SEL_EXP3 = 1
    SEL_RM = 2
    MAX_DEPTH = 512
    TRAIL = 4096          # MAST: the moves of one iteration that are averaged
    EXPAND_AT = 4
    NO_ARMS = -1
    EMPTY = -1

cdef struct Node:
    int32_t arms          # first arm in the pool, NO_ARMS until expanded
    uint16_t n_arms
    uint16_t cap_arms
    uint32_t visits

cdef struct Arm:
    uint32_t visits
    uint32_t avail
    float total           # sum of this seat's rewards after choosing it
    float aux             # EXP3 / regret matching: importance-weighted reward sum
    uint16_t action
    uint8_t seat
    uint8_t pad

cdef struct Slot:
    uint64_t key          # observed joint choice
    int32_t parent
    int32_t child

cdef struct Step:
    int32_t node
    int32_t arm[MAX_SEATS]     # offset in the node's arm block, -1 for none
    float prob[MAX_SEATS]
    uint8_t n
    uint8_t seat[MAX_SEATS]


cdef inline double now() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9

cdef inline double thread_cpu() noexcept nogil:
    """CPU seconds the calling thread has run (not the time it waited)."""
    cdef timespec ts
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9

cdef inline uint64_t mix(uint64_t x) noexcept nogil:
    x ^= x >> 33
    x *= <uint64_t>0xff51afd7ed558ccd
    x ^= x >> 33
    x *= <uint64_t>0xc4ceb9fe1a85ec53
    x ^= x >> 33
    return x


cdef inline unsigned char* state_alloc(size_t size) noexcept nogil:
    """Room for one state, on a 64-byte boundary (freed with ``free``).

    Copying a state between two such buffers takes the same path through
    ``memcpy`` wherever the heap put them; between a ``malloc``'d buffer and
    a ``bytes`` object it took more or fewer instructions with the two
    addresses, which made bench/instructions.py's exact counts depend on the
    interpreter's heap."""
    return <unsigned char*>aligned_alloc(64, (size + 63) & ~(<size_t>63))


cdef inline bint judging_point(GameDef* g, void* s) noexcept nogil:
    # A point where the game's evaluation judges (a round's or turn's start).
    cdef double f[MAX_SEATS * MAX_FEATURES]
    cdef uint8_t standing[MAX_SEATS]
    return g.features != NULL and g.features(s, f, standing) > 0


cdef GameDef* game_of(object capsule, bytes state) except NULL:
    """The game table of ``capsule``, checking that ``state`` is one of its states."""
    cdef GameDef* g = <GameDef*>PyCapsule_GetPointer(capsule, b"engine.GameDef")
    if len(state) != g.state_size:
        raise ValueError("state does not match its game")
    return g

cdef inline int rollout_action(GameDef* g, void* s, int seat, Rng* rng, bint heuristic) noexcept nogil:
    """The game's policy move, or a uniformly random legal move."""
    cdef int legal[MAX_LEGAL]
    if heuristic:
        return g.policy(s, seat, rng)
    return legal[rng_below(rng, g.legal(s, seat, legal))]


cdef class Search:
    cdef GameDef* g
    cdef unsigned char* root
    cdef unsigned char* work
    cdef unsigned char* base      # paired: the determinized root, once per iteration
    cdef int observer
    # budget and options
    cdef int64_t max_iters
    cdef double max_seconds
    cdef int selection
    cdef bint heuristic
    cdef bint flat
    cdef bint paired
    cdef bint open_hands
    cdef double c
    cdef Rng rng
    # progress, readable while running
    cdef volatile int stop
    cdef volatile int64_t done
    # the tree
    cdef Node* tree
    cdef int32_t n_nodes, cap_nodes
    cdef Arm* arms
    cdef int32_t n_arms, cap_arms
    cdef Slot* table
    cdef uint64_t cap_table, n_table
    cdef Step* path
    # scratch: legal flags per seat and action (0 no, 1 legal, 2 legal and seen)
    cdef uint8_t* flags
    cdef bint failed
    # when the loop ran and the CPU time it took (bench/threads.py)
    cdef double started, finished, cpu
    cdef int expand_at
    cdef int cut_rounds
    cdef int tree_rounds          # the tree stops growing at this judging point (0: never)
    cdef double prior
    cdef bint respond             # the searching seat answers the others (UCB1) at simultaneous choices
    cdef double model             # chance another seat plays the game's policy at a simultaneous choice
    cdef double rank
    cdef int merge_at
    cdef int group_at
    cdef double mast              # MAST: chance a rollout move is the best-averaged one
    cdef double* mast_visits      # per seat and action, over this search's iterations
    cdef double* mast_total       # (doubles: a float stops counting at 2^24)
    cdef uint16_t* trail          # this iteration's moves, seat * MAX_ACTIONS + action
    cdef int n_trail
    cdef int32_t free_block[16]   # first free arm block of size 2**i

    def __cinit__(self, capsule, bytes state, int observer, config):
        self.g = game_of(capsule, state)
        if config.group_at and self.g.reveal_group == NULL:
            raise PositionError(f"group_at: {self.g.name.decode()} defines no grouping of revealed moves")
        self.root = state_alloc(self.g.state_size)
        self.work = state_alloc(self.g.state_size)
        self.base = state_alloc(self.g.state_size)
        memcpy(self.root, <const unsigned char*>state, self.g.state_size)
        self.observer = observer
        self.max_iters = config.iterations if config.iterations is not None else (1 << 62)
        self.max_seconds = config.seconds if config.seconds is not None else 1e30
        self.selection = ("ducb", "exp3", "rm").index(config.selection)
        self.heuristic = config.rollout == "heuristic"
        self.flat = config.flat
        self.paired = config.paired
        self.open_hands = config.open_hands
        self.c = config.exploration
        self.prior = config.prior
        self.respond = config.respond
        self.model = config.model
        # A game without standings gives win shares only.
        self.rank = config.rank if self.g.standings != NULL else 0.0
        self.merge_at = config.merge_at
        self.group_at = config.group_at
        self.mast = config.mast
        if self.mast > 0:
            self.mast_visits = <double*>malloc(MAX_SEATS * MAX_ACTIONS * sizeof(double))
            self.mast_total = <double*>malloc(MAX_SEATS * MAX_ACTIONS * sizeof(double))
            self.trail = <uint16_t*>malloc(TRAIL * sizeof(uint16_t))
            if not (self.mast_visits and self.mast_total and self.trail):
                raise MemoryError()
            memset(self.mast_visits, 0, MAX_SEATS * MAX_ACTIONS * sizeof(double))
            memset(self.mast_total, 0, MAX_SEATS * MAX_ACTIONS * sizeof(double))
        rng_seed(&self.rng, config.seed)
        self.cap_nodes = 1024
        self.tree = <Node*>malloc(self.cap_nodes * sizeof(Node))
        self.cap_arms = 4096
        self.arms = <Arm*>malloc(self.cap_arms * sizeof(Arm))
        self.cap_table = 2048
        self.table = <Slot*>malloc(self.cap_table * sizeof(Slot))
        self.path = <Step*>malloc(MAX_DEPTH * sizeof(Step))
        self.flags = <uint8_t*>malloc(MAX_SEATS * MAX_ACTIONS)
        if not (self.root and self.work and self.base and self.tree and self.arms and self.table and self.path and self.flags):
            raise MemoryError()
        memset(self.flags, 0, MAX_SEATS * MAX_ACTIONS)
        for i in range(self.cap_table):
            self.table[i].child = EMPTY
        for i in range(16):
            self.free_block[i] = EMPTY
        self.expand_at = config.expand_at
        # A game without an evaluation is always played out.
        self.cut_rounds = config.cut_rounds if self.g.features != NULL else 0
        self.tree_rounds = config.tree_rounds if self.g.features != NULL else 0
        self.n_nodes = 1
        self.tree[0].arms = NO_ARMS
        self.tree[0].n_arms = 0
        self.tree[0].cap_arms = 0
        self.tree[0].visits = 0

    def __dealloc__(self):
        free(self.root); free(self.work); free(self.base); free(self.tree); free(self.arms)
        free(self.table); free(self.path); free(self.flags)
        free(self.mast_visits); free(self.mast_total); free(self.trail)

    # ------------------------------------------------------------ Python API
    def run(self):
        """Search until the budget or ``cancel``; the GIL is released."""
        with nogil:
            self._run()
        if self.failed:
            raise MemoryError("the search ran out of memory")

    def cancel(self):
        self.stop = 1

    def deepen(self, int64_t iterations):
        """Raise the iteration budget to ``iterations`` in all (never lower
        it): the next ``run`` goes on from where the last one stopped, with
        the same tree and the same dice, so a search deepened in slices (a
        hint that grows while the player thinks) ends exactly where one run
        with the whole budget would (paired playouts: to within one deal's
        moves, as their budget is met)."""
        if iterations > self.max_iters:
            self.max_iters = iterations

    def iterations_done(self):
        return self.done

    def timing(self):
        """(start, end) of the last ``run`` on the monotonic clock, and the
        CPU seconds its thread spent: how the threads of a search overlapped
        and what an iteration costs, whatever else the machine ran."""
        return self.started, self.finished, self.cpu

    def node_count(self):
        return self.n_nodes

    def memory_bytes(self):
        """Bytes the tree holds (allocated capacity, not just used)."""
        return (self.cap_nodes * sizeof(Node) + self.cap_arms * sizeof(Arm)
                + self.cap_table * sizeof(Slot))

    def tree_stats(self):
        """Sizes of the tree: nodes, expanded nodes, the root's children,
        arms (used and allocated)."""
        cdef int32_t i, expanded = 0, root_children = 0
        cdef uint64_t h
        for i in range(self.n_nodes):
            if self.tree[i].arms != NO_ARMS:
                expanded += 1
        for h in range(self.cap_table):
            if self.table[h].child != EMPTY and self.table[h].parent == 0:
                root_children += 1
        return {"nodes": self.n_nodes, "expanded": expanded, "root_children": root_children,
                "arms": self.n_arms,
                "arm_capacity": self.cap_arms, "table_capacity": self.cap_table,
                "bytes": self.memory_bytes()}

    def depth_stats(self):
        """[(nodes, nodes with statistics, their visits)] at each depth of
        the tree (the root is depth 0): how far the search looked."""
        cdef int32_t i
        cdef uint64_t h
        cdef int32_t* parent = <int32_t*>malloc(self.n_nodes * sizeof(int32_t))
        if parent == NULL:
            raise MemoryError()
        parent[0] = -1
        for h in range(self.cap_table):
            if self.table[h].child != EMPTY:
                parent[self.table[h].child] = self.table[h].parent
        depth = [0] * self.n_nodes
        out = []
        # A child is always created after its parent: one pass in index order.
        for i in range(self.n_nodes):
            d = 0 if i == 0 else depth[parent[i]] + 1
            depth[i] = d
            while len(out) <= d:
                out.append([0, 0, 0])
            out[d][0] += 1
            if self.tree[i].arms != NO_ARMS:
                out[d][1] += 1
                out[d][2] += self.tree[i].visits
        free(parent)
        return [tuple(x) for x in out]

    def root_stats(self, seat=None):
        """[(action, visits, summed reward)] for the root arms of ``seat``
        (default: the searching seat); sums, so that the trees of several
        threads can be added up.  At a simultaneous choice the other deciding
        seats have arms too: how often the search played each of their moves
        (over all its determinizations, so a move there is a guess, never a
        card read from a hand) and how those moves did for them."""
        cdef Node* nd = &self.tree[0]
        cdef Arm* a
        cdef int who = self.observer if seat is None else seat
        out = []
        if nd.arms == NO_ARMS:
            return out
        for i in range(nd.n_arms):
            a = &self.arms[nd.arms + i]
            if a.seat == who:
                out.append((a.action, a.visits, a.total))
        return out

    def mast_stats(self, int seat):
        """[(action, times made, summed reward)] of ``seat``'s move averages
        (``SearchConfig.mast``), every move it made in this search's
        iterations, in the tree or in a rollout; [] without MAST."""
        if self.mast <= 0 or not 0 <= seat < MAX_SEATS:
            return []
        cdef int a, k
        out = []
        for a in range(self.g.num_actions):
            k = seat * MAX_ACTIONS + a
            if self.mast_visits[k] > 0:
                out.append((a, int(self.mast_visits[k]), self.mast_total[k]))
        return out

    def line(self, int max_steps, uint64_t seed, int first=-1):
        """The line the search expects from the root (its own move there
        ``first``, when given and searched): at each node every
        deciding seat's most visited arm among its moves that are legal in
        one determinization (seeded by ``seed``) of the root, down the tree
        while the node reached has statistics.

        [(seat, action, visits, summed reward, seat's visits at the node,
        hidden)]: ``hidden`` is true when the searching seat would not see
        that choice (``observe`` gives it a shared code), so its name is the
        world's guess and is not to be shown.  Call after ``run``.
        """
        cdef GameDef* g = self.g
        cdef void* s = self.work
        cdef int seats[MAX_SEATS]
        cdef int joint[MAX_SEATS]
        cdef int legal[MAX_LEGAL]
        cdef int32_t best[MAX_SEATS]
        cdef double seat_visits[MAX_SEATS]
        cdef int n_movers, n_legal, i, j, m, seat, code
        cdef int32_t node = 0, child
        cdef uint64_t key, mask, h
        cdef Node* nd
        cdef Arm* a
        cdef Rng rng
        out = []
        rng_seed(&rng, seed)
        memcpy(s, self.root, g.state_size)
        if not self.open_hands:
            g.determinize(s, self.observer, &rng)
        for _ in range(max_steps):
            n_movers = g.movers(s, seats)
            if n_movers == 0:
                break
            nd = &self.tree[node]
            if nd.arms == NO_ARMS:
                break
            for m in range(n_movers):
                best[m] = -1
                seat_visits[m] = 0
                n_legal = g.legal(s, seats[m], legal)
                for i in range(nd.n_arms):
                    a = &self.arms[nd.arms + i]
                    if a.seat != seats[m]:
                        continue
                    seat_visits[m] += a.visits
                    if node == 0 and seats[m] == self.observer and first >= 0:
                        if a.action == first and a.visits > 0:
                            best[m] = i
                        continue
                    for j in range(n_legal):
                        if legal[j] == a.action:
                            if a.visits > 0 and (best[m] < 0 or a.visits > self.arms[nd.arms + best[m]].visits):
                                best[m] = i
                            break
                if best[m] < 0:
                    return out
            step = []
            for m in range(n_movers):
                seat = seats[m]
                a = &self.arms[nd.arms + best[m]]
                joint[seat] = a.action
                code = g.observe(s, seat, a.action, self.observer)
                step.append((seat, a.action, a.visits, a.total, int(seat_visits[m]),
                             seat != self.observer and code != a.action))
            out.extend(step)
            key = self._reveal_key(s, seats, n_movers, joint)
            g.apply(s, joint)
            if g.chance_key != NULL:
                key = mix(key ^ (g.chance_key(s, self.observer) * <uint64_t>0x9E3779B97F4A7C15))
            # The child by its key, never created here.
            mask = self.cap_table - 1
            h = mix(key ^ (<uint64_t>node * <uint64_t>0x9E3779B97F4A7C15)) & mask
            child = -1
            while self.table[h].child != EMPTY:
                if self.table[h].parent == node and self.table[h].key == key:
                    child = self.table[h].child
                    break
                h = (h + 1) & mask
            if child < 0:
                break
            node = child
        return out

    # ------------------------------------------------------------ the loop
    cdef void _run(self) noexcept nogil:
        cdef double c0 = thread_cpu()
        self.started = now()
        self._loop(self.started + self.max_seconds)
        self.finished = now()
        self.cpu = thread_cpu() - c0

    cdef void _loop(self, double deadline) noexcept nogil:
        # ``stop`` is not reset here: a cancel that comes before this thread
        # starts (threads of one search start one after another) still
        # counts.  One iteration is always run, so that even a search
        # cancelled at once has every root move and one to recommend.
        cdef int64_t passes = 0
        cdef int k
        while self.done < self.max_iters and not (self.stop and self.done):
            k = self._iterate_paired() if self.paired else self._iterate()
            if not k:
                self.failed = True
                return
            self.done += k
            passes += 1
            if (passes & 63) == 0 and now() >= deadline:
                return

    cdef int _iterate(self) noexcept nogil:
        cdef GameDef* g = self.g
        cdef void* s = self.work
        cdef int seats[MAX_SEATS]
        cdef int joint[MAX_SEATS]
        cdef double r[MAX_SEATS]
        cdef int n_movers, i, depth = 0, seat, points = 0
        cdef int32_t node = 0, child
        cdef int32_t picked[MAX_SEATS]
        cdef uint64_t key
        cdef Node* nd
        cdef Step* st
        memcpy(s, self.root, g.state_size)
        if not self.open_hands:
            g.determinize(s, self.observer, &self.rng)
        self.n_trail = 0      # MAST's moves of this iteration
        # Selection and expansion.
        while True:
            n_movers = g.movers(s, seats)
            if n_movers == 0:
                break
            nd = &self.tree[node]
            nd.visits += 1
            if nd.arms == NO_ARMS:
                if node != 0 and nd.visits < self.expand_at:
                    break                              # a leaf: roll out from here
                if not self._expand(node, n_movers):
                    return False
            st = &self.path[depth]
            st.node = node
            st.n = n_movers
            for i in range(n_movers):
                st.seat[i] = seats[i]
            if self.flat:
                # Flat Monte Carlo: statistics for the searching seat only.
                for i in range(n_movers):
                    seat = seats[i]
                    if seat == self.observer:
                        if not self._select(node, &seat, 1, &picked[i], &st.prob[i]):
                            return False
                    else:
                        picked[i] = -1
                        joint[seat] = self._rollout_action(s, seat)
            elif not self._select(node, seats, n_movers, picked, st.prob):
                return False
            elif self.model > 0 and n_movers > 1:
                # The others as the game's policy plays them, with chance
                # ``model``: their arms then learn nothing from this pass.
                for i in range(n_movers):
                    if seats[i] != self.observer and rng_unit(&self.rng) < self.model:
                        picked[i] = -1
                        joint[seats[i]] = self.g.policy(s, seats[i], &self.rng)
            for i in range(n_movers):
                if picked[i] < 0:
                    st.arm[i] = -1
                else:
                    joint[seats[i]] = self.arms[picked[i]].action
                    # Kept as an offset: a block can move when it grows.
                    st.arm[i] = picked[i] - self.tree[node].arms
                    if self.mast > 0:
                        self._trail_add(seats[i], joint[seats[i]])
            depth += 1
            key = self._reveal_key(s, seats, n_movers, joint)
            g.apply(s, joint)
            if g.chance_key != NULL:
                # What the searching seat saw of chance is part of its
                # information set: a Guard turned over, a card it drew.
                key = mix(key ^ (g.chance_key(s, self.observer) * <uint64_t>0x9E3779B97F4A7C15))
            if self.flat or depth >= MAX_DEPTH:
                break
            if self.tree_rounds and judging_point(g, s):
                # Past here the others' choices would be made by nodes
                # shared over every deal of their hands; the rollout plays
                # them from the hands they were dealt.
                points += 1
                if points >= self.tree_rounds:
                    break
            child = self._child(node, key)
            if child < 0:
                return False
            node = child
        self._playout(s, r, points)
        self._backup(depth, r)
        if self.mast > 0:
            self._mast_update(r)
        return 1

    cdef void _playout(self, void* s, double* r, int points) noexcept nogil:
        # Rollout: to the end, or to the game's ``cut_rounds``-th judging
        # point (Senjutsu: a round's start; Ninjato: a turn's) and its
        # evaluation there, counting the ``points`` the tree passed
        # (``tree_rounds``) so that the horizon stays where it was.
        cdef GameDef* g = self.g
        cdef int seats[MAX_SEATS]
        cdef int joint[MAX_SEATS]
        cdef int n_movers, i, played = 0
        if self.cut_rounds and points >= self.cut_rounds and evaluate(g, s, r):
            return
        while True:
            n_movers = g.movers(s, seats)
            if n_movers == 0:
                g.returns(s, r)
                if self.rank > 0:
                    self._mix_places(s, r)
                return
            if self.cut_rounds and played and evaluate(g, s, r):
                points += 1
                if points >= self.cut_rounds:
                    return
            for i in range(n_movers):
                joint[seats[i]] = self._rollout_action(s, seats[i])
            g.apply(s, joint)
            played += 1

    cdef void _mix_places(self, void* s, double* r) noexcept nogil:
        # A 6-player game is won one time in six, so five playouts in six
        # say only that it was lost; the share of the others finished
        # behind (ties half) says something in every one.
        cdef double st[MAX_SEATS]
        cdef int n = self.g.players(s), i, j
        cdef double behind
        self.g.standings(s, st)
        for i in range(n):
            behind = 0.0
            for j in range(n):
                if j != i:
                    behind += 1.0 if st[j] < st[i] else (0.5 if st[j] == st[i] else 0.0)
            r[i] = (1.0 - self.rank) * r[i] + self.rank * behind / (n - 1)

    cdef int _iterate_paired(self) noexcept nogil:
        """One determinization, every root move of the searching seat played
        out from it with the same rollout dice (common random numbers).

        Flat Monte Carlo compares moves on different deals; on the same
        deal and dice the luck of the deal cancels out of the difference,
        where the outcomes of two moves go together.  (In 6-player San, Ni,
        Ichi! they turned out all but independent, so it sharpened nothing
        there: docs/strength-log.md.)  The others choose by the rollout
        policy, as in flat Monte Carlo.  Returns the playouts run (each
        counts as an iteration), 0 when out of memory.
        """
        cdef GameDef* g = self.g
        cdef void* s = self.work
        cdef int seats[MAX_SEATS]
        cdef int joint[MAX_SEATS]
        cdef int legal[MAX_LEGAL]
        cdef double r[MAX_SEATS]
        cdef int n_movers, n_legal, i, j, me = -1
        cdef int32_t picked
        cdef float prob
        cdef Rng dice
        cdef Arm* a
        memcpy(s, self.root, g.state_size)
        if not self.open_hands:
            g.determinize(s, self.observer, &self.rng)
        n_movers = g.movers(s, seats)
        for i in range(n_movers):
            if seats[i] == self.observer:
                me = i
        if me < 0:
            return self._iterate()     # not the searching seat's choice: nothing to pair
        self.tree[0].visits += 1
        if self.tree[0].arms == NO_ARMS and not self._expand(0, 1):
            return 0
        # Arms for every move legal in this determinization (counted available).
        if not self._select(0, &seats[me], 1, &picked, &prob):
            return 0
        for i in range(n_movers):
            if i != me:
                joint[seats[i]] = self._rollout_action(s, seats[i])
        n_legal = g.legal(s, self.observer, legal)
        memcpy(self.base, s, g.state_size)
        dice = self.rng
        for j in range(n_legal):
            memcpy(s, self.base, g.state_size)
            self.rng = dice
            joint[self.observer] = legal[j]
            g.apply(s, joint)
            self._playout(s, r, 0)
            for i in range(self.tree[0].n_arms):
                a = &self.arms[self.tree[0].arms + i]
                if a.seat == self.observer and a.action == legal[j]:
                    a.visits += 1
                    a.total += <float>r[self.observer]
                    break
        return n_legal

    cdef inline uint64_t _reveal_key(self, void* s, int* seats, int n_movers,
                                     int* joint) noexcept nogil:
        # What the searching seat sees of a joint choice, before it is
        # applied: each seat's observed move, 10 bits a seat.  At a choice
        # of ``merge_at`` seats or more only its own move counts, so that
        # the others' reveals share one child (``SearchConfig.merge_at``).
        cdef uint64_t key = 0
        cdef int i, seat
        cdef bint merged = self.merge_at > 0 and n_movers >= self.merge_at
        if self.group_at > 0 and n_movers >= self.group_at:
            for i in range(n_movers):
                if seats[i] == self.observer:
                    return self._group_key(s, seats, n_movers, joint)
        for i in range(n_movers):
            seat = seats[i]
            if merged and seat != self.observer:
                continue
            key |= (<uint64_t>(self.g.observe(s, seat, joint[seat], self.observer) + 1) & 1023) << (10 * seat)
        return key

    cdef uint64_t _group_key(self, void* s, int* seats, int n_movers, int* joint) noexcept nogil:
        # ``_reveal_key`` with each other seat's move replaced by the game's
        # group of it beside the searching seat's own (``SearchConfig.group_at``).
        cdef uint64_t key = 0
        cdef int i, seat, code
        cdef int own = joint[self.observer]
        for i in range(n_movers):
            seat = seats[i]
            if seat == self.observer:
                code = self.g.observe(s, seat, own, self.observer)
            else:
                code = self.g.reveal_group(s, seat, joint[seat], own)
            key |= (<uint64_t>(code + 1) & 1023) << (10 * seat)
        return key

    cdef inline int _rollout_action(self, void* s, int seat) noexcept nogil:
        if self.mast > 0:
            return self._mast_rollout_action(s, seat)
        return rollout_action(self.g, s, seat, &self.rng, self.heuristic)

    cdef void _trail_add(self, int seat, int action) noexcept nogil:
        if self.n_trail < TRAIL:
            self.trail[self.n_trail] = <uint16_t>(seat * MAX_ACTIONS + action)
            self.n_trail += 1

    cdef int _mast_rollout_action(self, void* s, int seat) noexcept nogil:
        # Move-average sampling (Finnsson and Bjornsson 2008): with chance
        # ``mast``, the legal move whose average reward for this seat, over
        # every move it made in this search's iterations wherever it made it,
        # is best; otherwise the rollout policy's.  A move never made yet
        # counts as a win, so that each is tried; ties are drawn at random.
        cdef int legal[MAX_LEGAL]
        cdef int n, i, best = 0, ties = 1
        cdef double v, best_v = -1.0
        cdef const double* visits = self.mast_visits + seat * MAX_ACTIONS
        cdef const double* total = self.mast_total + seat * MAX_ACTIONS
        if rng_unit(&self.rng) >= self.mast:
            best = rollout_action(self.g, s, seat, &self.rng, self.heuristic)
            self._trail_add(seat, best)
            return best
        n = self.g.legal(s, seat, legal)
        for i in range(n):
            v = total[legal[i]] / visits[legal[i]] if visits[legal[i]] > 0 else 1.0
            if v > best_v:
                best_v = v
                best = i
                ties = 1
            elif v == best_v:
                ties += 1
                if rng_below(&self.rng, ties) == 0:
                    best = i
        self._trail_add(seat, legal[best])
        return legal[best]

    cdef void _mast_update(self, const double* r) noexcept nogil:
        cdef int i, k
        for i in range(self.n_trail):
            k = self.trail[i]
            self.mast_visits[k] += 1
            self.mast_total[k] += r[k // MAX_ACTIONS]

    cdef bint _expand(self, int32_t node, int n_movers) noexcept nogil:
        # Room for this determinization's legal moves; more arms are added
        # as other determinizations show other moves.
        cdef int legal[MAX_LEGAL]
        cdef int seats[MAX_SEATS]
        cdef int i, want = 0
        self.g.movers(self.work, seats)
        for i in range(n_movers):
            want += self.g.legal(self.work, seats[i], legal)
        return self._reserve(node, want)

    cdef bint _reserve(self, int32_t node, int cap) noexcept nogil:
        """Give ``node`` an arm block of at least ``cap`` (moving it if needed).

        Blocks come in powers of two; a block given up is kept on a free list
        of its size, so a node outgrowing its block wastes nothing for long.
        """
        cdef Node* nd = &self.tree[node]
        cdef int32_t start
        cdef int cls = 2, size
        cdef Arm* grown
        if nd.arms != NO_ARMS and nd.cap_arms >= cap:
            return True
        while (1 << cls) < cap:
            cls += 1
        if cls > 15:
            return False
        size = 1 << cls
        if self.free_block[cls] != EMPTY:
            start = self.free_block[cls]
            self.free_block[cls] = <int32_t>self.arms[start].visits
        else:
            while self.n_arms + size > self.cap_arms:
                grown = <Arm*>realloc(self.arms, 2 * self.cap_arms * sizeof(Arm))
                if grown == NULL:
                    return False
                self.arms = grown
                self.cap_arms *= 2
            start = self.n_arms
            self.n_arms += size
        if nd.arms != NO_ARMS:
            if nd.n_arms:
                memcpy(&self.arms[start], &self.arms[nd.arms], nd.n_arms * sizeof(Arm))
            cls = 2
            while (1 << cls) < nd.cap_arms:
                cls += 1
            self.arms[nd.arms].visits = <uint32_t>self.free_block[cls]
            self.free_block[cls] = nd.arms
        nd.arms = start
        nd.cap_arms = size
        return True

    cdef bint _select(self, int32_t node, int* seats, int n_movers, int32_t* picked,
                      float* prob) noexcept nogil:
        """Pick every mover's arm at ``node``, each from its own statistics only.

        One pass over the node's arms serves all movers: it counts
        availability, collects each seat's candidates (its legal moves in this
        determinization) and its reward totals; arms for moves never seen
        before are then added.  ``picked`` receives absolute arm indices.
        """
        cdef int legal[MAX_SEATS][MAX_LEGAL]
        cdef int n_legal[MAX_SEATS]
        cdef int32_t cand[MAX_SEATS][MAX_LEGAL]
        cdef int k[MAX_SEATS]
        cdef int untried[MAX_SEATS]
        cdef double total_r[MAX_SEATS]
        cdef double total_v[MAX_SEATS]
        cdef int8_t slot[MAX_SEATS]      # seat -> index among the movers, -1
        cdef Node* nd
        cdef Arm* a
        cdef uint8_t* flag
        cdef int i, j, m, missing = 0
        cdef int32_t idx
        for i in range(MAX_SEATS):
            slot[i] = -1
        for m in range(n_movers):
            slot[seats[m]] = m
            n_legal[m] = self.g.legal(self.work, seats[m], legal[m])
            flag = self.flags + seats[m] * MAX_ACTIONS
            for i in range(n_legal[m]):
                flag[legal[m][i]] = 1
            k[m] = 0
            untried[m] = 0
            total_r[m] = 0
            total_v[m] = 0
            missing += n_legal[m]
        nd = &self.tree[node]
        for i in range(nd.n_arms):
            a = &self.arms[nd.arms + i]
            m = slot[a.seat]
            if m < 0:
                continue
            total_r[m] += a.total
            total_v[m] += a.visits
            flag = self.flags + a.seat * MAX_ACTIONS
            if flag[a.action] != 1:
                continue
            flag[a.action] = 2
            missing -= 1
            a.avail += 1
            cand[m][k[m]] = i
            k[m] += 1
            if a.visits == 0:
                untried[m] += 1
        if missing:
            # Moves first seen in this determinization get new arms.
            if not self._reserve(node, nd.n_arms + missing):
                return False
            nd = &self.tree[node]
            for m in range(n_movers):
                flag = self.flags + seats[m] * MAX_ACTIONS
                for j in range(n_legal[m]):
                    if flag[legal[m][j]] == 1:
                        idx = nd.n_arms
                        nd.n_arms += 1
                        a = &self.arms[nd.arms + idx]
                        a.visits = 0; a.avail = 1; a.total = 0; a.aux = 0
                        a.action = legal[m][j]; a.seat = seats[m]; a.pad = 0
                        cand[m][k[m]] = idx
                        k[m] += 1
                        untried[m] += 1
        for m in range(n_movers):
            flag = self.flags + seats[m] * MAX_ACTIONS
            for j in range(n_legal[m]):
                flag[legal[m][j]] = 0
            # Candidates are offsets in the block (it may have moved above).
            for j in range(k[m]):
                cand[m][j] += nd.arms
            # The heuristic's move, asked only when a prior weighs it (the
            # policy draws from the generator: without a prior, the same
            # seed still searches exactly as before).
            picked[m] = self._pick(cand[m], k[m], untried[m],
                                   n_movers > 1 and not (self.respond and seats[m] == self.observer),
                                   self.g.policy(self.work, seats[m], &self.rng)
                                   if self.prior > 0 and n_movers > 1 and self.selection == SEL_RM else -1,
                                   total_r[m] / total_v[m] if total_v[m] > 0 else 0.0,
                                   &prob[m])
        return True

    cdef int32_t _pick(self, int32_t* cand, int k, int untried, bint simultaneous,
                       int favoured, double mean, float* prob) noexcept nogil:
        """One seat's bandit over its candidate arms.

        A seat deciding alone uses UCB1.  At a simultaneous choice the
        configured bandit is used: regret matching and EXP3 sample from a
        mixed strategy and their averages converge to an equilibrium, while
        deterministic UCB (DUCT) can lock both seats into correlated cycles
        whose values look clairvoyant (tests/test_solver.py shows it).
        ``prob`` receives the sampling probability (importance weights).
        ``favoured``: the game's heuristic move, which regret matching credits
        with ``prior`` regret (progressive bias: a constant in cumulative
        regret is a bonus falling as 1/visits in the mean), or -1.
        """
        cdef Arm* a
        cdef int i, j
        cdef int32_t best = cand[0]
        cdef double sc, best_sc = -1e300
        cdef double w[MAX_LEGAL]
        cdef double gmax = -1e300, wsum = 0.0, gamma = 0.1, eta, u
        prob[0] = 1.0
        if untried and (self.selection == SEL_DUCB or not simultaneous):
            # Try every arm once, in random order.
            j = rng_below(&self.rng, untried)
            for i in range(k):
                if self.arms[cand[i]].visits == 0:
                    if j == 0:
                        return cand[i]
                    j -= 1
        if self.selection == SEL_DUCB or not simultaneous:
            for i in range(k):
                a = &self.arms[cand[i]]
                sc = a.total / a.visits + self.c * sqrt(log(<double>a.avail) / a.visits)
                if sc > best_sc:
                    best_sc = sc
                    best = cand[i]
            return best
        if self.selection == SEL_EXP3:
            eta = gamma / k
            for i in range(k):
                if self.arms[cand[i]].aux > gmax:
                    gmax = self.arms[cand[i]].aux
            for i in range(k):
                w[i] = exp(eta * (self.arms[cand[i]].aux - gmax))
                wsum += w[i]
        else:
            # Regret of an arm: its importance-weighted reward minus what the
            # seat earned on average at this node, over the times it was there.
            for i in range(k):
                a = &self.arms[cand[i]]
                w[i] = a.aux - a.avail * mean
                if w[i] < 0:
                    w[i] = 0
                if a.action == favoured:
                    w[i] += self.prior
                wsum += w[i]
            if wsum <= 0:
                for i in range(k):
                    w[i] = 1.0
                wsum = k
        u = rng_unit(&self.rng)
        for i in range(k):
            sc = (1 - gamma) * w[i] / wsum + gamma / k
            if u < sc or i == k - 1:
                prob[0] = <float>sc
                return cand[i]
            u -= sc
        return cand[k - 1]

    cdef int32_t _child(self, int32_t parent, uint64_t key) noexcept nogil:
        """The node reached from ``parent`` by ``key``, created if new."""
        cdef uint64_t mask, h
        cdef Slot* sl
        cdef Node* grown
        if (self.n_table + 1) * 5 > self.cap_table * 3:
            if not self._grow_table():
                return -1
        mask = self.cap_table - 1
        h = mix(key ^ (<uint64_t>parent * <uint64_t>0x9E3779B97F4A7C15)) & mask
        while True:
            sl = &self.table[h]
            if sl.child == EMPTY:
                break
            if sl.parent == parent and sl.key == key:
                return sl.child
            h = (h + 1) & mask
        if self.n_nodes == self.cap_nodes:
            grown = <Node*>realloc(self.tree, 2 * self.cap_nodes * sizeof(Node))
            if grown == NULL:
                return -1
            self.tree = grown
            self.cap_nodes *= 2
        sl.key = key
        sl.parent = parent
        sl.child = self.n_nodes
        self.n_table += 1
        self.tree[self.n_nodes].arms = NO_ARMS
        self.tree[self.n_nodes].n_arms = 0
        self.tree[self.n_nodes].cap_arms = 0
        self.tree[self.n_nodes].visits = 0
        self.n_nodes += 1
        return self.n_nodes - 1

    cdef bint _grow_table(self) noexcept nogil:
        cdef uint64_t old_cap = self.cap_table, i, h, mask
        cdef Slot* old = self.table
        cdef Slot* t = <Slot*>malloc(2 * old_cap * sizeof(Slot))
        if t == NULL:
            return False
        self.cap_table = 2 * old_cap
        mask = self.cap_table - 1
        for i in range(self.cap_table):
            t[i].child = EMPTY
        for i in range(old_cap):
            if old[i].child != EMPTY:
                h = mix(old[i].key ^ (<uint64_t>old[i].parent * <uint64_t>0x9E3779B97F4A7C15)) & mask
                while t[h].child != EMPTY:
                    h = (h + 1) & mask
                t[h] = old[i]
        self.table = t
        free(old)
        return True

    cdef void _backup(self, int depth, double* r) noexcept nogil:
        cdef int d, i
        cdef Step* st
        cdef Arm* a
        cdef double x
        for d in range(depth):
            st = &self.path[d]
            for i in range(st.n):
                if st.arm[i] < 0:
                    continue
                a = &self.arms[self.tree[st.node].arms + st.arm[i]]
                x = r[st.seat[i]]
                a.visits += 1
                a.total += <float>x
                a.aux += <float>(x / st.prob[i])


def playouts(capsule, bytes state, double seconds, uint64_t seed, bint heuristic=False,
             int64_t max_games=0):
    """Play whole games from ``state`` for ``seconds`` (or ``max_games``):
    returns (games, seconds taken).

    The throughput measure of ``solver bench``: uniform random (or the game's
    policy) for every seat, no tree.
    """
    cdef GameDef* g = game_of(capsule, state)
    cdef unsigned char* work = state_alloc(g.state_size)
    cdef unsigned char* start = state_alloc(g.state_size)
    cdef int64_t games
    cdef double taken
    cdef Rng rng
    if work == NULL or start == NULL:
        free(work); free(start)
        raise MemoryError()
    memcpy(start, <const unsigned char*>state, g.state_size)
    rng_seed(&rng, seed)
    with nogil:
        games = play_games_loop(g, work, start, seconds, max_games, &rng, heuristic, &taken)
    free(work); free(start)
    return games, taken


# The loops of playouts() and clone_apply() are functions of their own, with
# no Python in them, so that bench/instructions.py can count exactly them:
# the Python wrappers around them allocate, and how many instructions that
# takes depends on the interpreter's state, not on the code measured.
cdef int64_t play_games(GameDef* g, unsigned char* work, const unsigned char* start,
                        double seconds, int64_t max_games, Rng* rng, bint heuristic,
                        double* taken) noexcept nogil:
    cdef int seats[MAX_SEATS]
    cdef int joint[MAX_SEATS]
    cdef int n, i, k
    cdef int64_t games = 0
    cdef double t0 = now()
    cdef double t1 = t0
    while t1 - t0 < seconds and (max_games == 0 or games < max_games):
        for k in range(64):
            memcpy(work, start, g.state_size)
            while True:
                n = g.movers(work, seats)
                if n == 0:
                    break
                for i in range(n):
                    joint[seats[i]] = rollout_action(g, work, seats[i], rng, heuristic)
                g.apply(work, joint)
            games += 1
        t1 = now()
    taken[0] = t1 - t0
    return games


def clone_apply(capsule, bytes state, int64_t n, uint64_t seed):
    """``n`` times: copy ``state`` (memcpy) and apply one random joint move."""
    cdef GameDef* g = game_of(capsule, state)
    cdef unsigned char* work = state_alloc(g.state_size)
    cdef unsigned char* start = state_alloc(g.state_size)
    cdef Rng rng
    if work == NULL or start == NULL:
        free(work); free(start)
        raise MemoryError()
    memcpy(start, <const unsigned char*>state, g.state_size)
    rng_seed(&rng, seed)
    with nogil:
        clone_apply_loop(g, work, start, n, &rng)
    free(work); free(start)


cdef void clone_apply_n(GameDef* g, unsigned char* work, const unsigned char* start,
                        int64_t n, Rng* rng) noexcept nogil:
    cdef int seats[MAX_SEATS]
    cdef int joint[MAX_SEATS]
    cdef int m, i
    cdef int64_t k
    for k in range(n):
        memcpy(work, start, g.state_size)
        m = g.movers(work, seats)
        for i in range(m):
            joint[seats[i]] = rollout_action(g, work, seats[i], rng, False)
        g.apply(work, joint)


# Called through pointers set at import: the C compiler would otherwise
# inline a static function called once, and callgrind could not find it.
cdef int64_t (*play_games_loop)(GameDef*, unsigned char*, const unsigned char*, double, int64_t,
                                Rng*, bint, double*) noexcept nogil
cdef void (*clone_apply_loop)(GameDef*, unsigned char*, const unsigned char*, int64_t,
                              Rng*) noexcept nogil
play_games_loop = play_games
clone_apply_loop = clone_apply_n
