"""Root parallelisation vs one shared tree with virtual loss: iterations/s and CPU per iteration."""
import sys, threading, time, json
sys.path.insert(0, "/tmp/proto")
import _shared
from dataclasses import replace
from engine import new_game
from solver.search import Search, SearchConfig

DEALS = [("ninjan", 4, {}, 100_000), ("pride_of_ninja", 4, {"deck": "blue"}, 60_000),
         ("san_ni_ichi", 4, {"teams": True}, 30_000)]

def timed(runs):
    """Run callables in threads; wall time and summed thread CPU time."""
    cpu = [0.0] * len(runs)
    def go(k):
        c0 = time.thread_time(); runs[k](); cpu[k] = time.thread_time() - c0
    ts = [threading.Thread(target=go, args=(k,)) for k in range(len(runs))]
    t0 = time.perf_counter()
    for t in ts: t.start()
    for t in ts: t.join()
    return time.perf_counter() - t0, sum(cpu)

def root(state, n, threads):
    s = Search(state, state.movers()[0], SearchConfig(iterations=n * threads, seed=3, threads=threads))
    runs = [t.run for t in s._trees]
    wall, cpu = timed(runs)
    return s.iterations_done, wall, cpu, s.memory_bytes

def shared(state, n, threads):
    cfg = SearchConfig(iterations=n * threads, seed=3, threads=threads)
    s = _shared.Search(state.rules, state.buffer(), state.movers()[0], cfg)
    wall, cpu = timed([lambda k=k: s.run(k) for k in range(threads)])
    return s.iterations_done(), wall, cpu, s.memory_bytes()

out = []
for game, players, opts, n in DEALS:
    st = new_game(game, players, seed=2024, **opts)
    for name, fn in (("root", root), ("shared", shared)):
        for threads in (1, 2):
            best = None
            for rep in range(int(sys.argv[1]) if len(sys.argv) > 1 else 3):
                it, wall, cpu, mem = fn(st, n, threads)
                if best is None or it / wall > best[0]:
                    best = (it / wall, it / cpu, mem / it)
            out.append(dict(game=f"{game}-{players}p", design=name, threads=threads,
                            iters_per_s=round(best[0]), iters_per_cpu_s=round(best[1]), bytes_per_iter=round(best[2], 1)))
            print(json.dumps(out[-1]), flush=True)
