"""The expression engines of other projects on the `expr.eval` workload.

The rule `streak >= 7 && total >= 30 && level >= 5`, compiled once, evaluated over the same
1,000,000 contexts as the Swift benchmark (the same SplitMix64 generator and seed, drawn in
the same order). Prints evaluations/s for each engine; with RULES_BENCH_RESULTS set, also
appends one JSON line per engine to that file (the format of the Swift benchmarks').
"""

import json
import os
import sys
import time

MASK = (1 << 64) - 1
SEED = 20261122
COUNT = 1_000_000
EXPECTED_HITS = 346403  # what the Swift side counts on the same contexts


class SplitMix:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, bound):
        return self.next() % bound


def contexts(count=COUNT, seed=SEED):
    random = SplitMix(seed)
    out = []
    for _ in range(count):
        streak = random.below(40)
        total = random.below(100)
        level = 1 + random.below(10)
        out.append({"streak": streak, "total": total, "level": level})
    return out


def engines():
    import cel
    import rule_engine
    import zen

    zen_rule = zen.compile_expression("streak >= 7 and total >= 30 and level >= 5")
    cel_rule = cel.compile("streak >= 7 && total >= 30 && level >= 5")
    re_rule = rule_engine.Rule("streak >= 7 and total >= 30 and level >= 5")
    return [
        ("zen-engine", zen_rule.evaluate),
        ("cel (common-expression-language)", cel_rule.execute),
        ("rule-engine", re_rule.matches),
        ("python lambda", lambda c: c["streak"] >= 7 and c["total"] >= 30 and c["level"] >= 5),
    ]


def measure(evaluate, items):
    hits = 0
    start = time.perf_counter()
    for c in items:
        if evaluate(c):
            hits += 1
    return hits, time.perf_counter() - start


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else COUNT
    items = contexts(count)
    results = os.environ.get("RULES_BENCH_RESULTS")
    for name, evaluate in engines():
        measure(evaluate, items[: min(10_000, count)])  # warm up
        hits, seconds = measure(evaluate, items)
        if count == COUNT and hits != EXPECTED_HITS:
            sys.exit(f"{name}: {hits} hits, expected {EXPECTED_HITS}: not the same contexts")
        rate = count / seconds
        print(f"{name:34} {rate / 1000:10.1f} k evaluations/s  ({hits} true of {count}, {seconds:.2f} s)")
        if results:
            with open(results, "a") as out:
                line = {"name": f"peer {name}", "figure": rate, "unit": "eval/s", "seconds": seconds}
                out.write(json.dumps(line, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
