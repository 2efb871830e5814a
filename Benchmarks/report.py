"""Builds the results table from the JSON lines the benchmarks, the peers and `run` append.

Each benchmark appends one line per iteration; the table takes the best iteration of those
measured. The harness's warm-up iterations (their lines say `"warmup": 1`) are left out, as the
harness's own statistics leave them out: a warm-up runs on a heap in another state (yaml.events'
warm-up, on a fresh heap, was 6 to 10% faster than each of its measured iterations, the
catalog load's slower), so one of them could be either side's best and tilt a ratio.
"""

import json
import statistics
import sys
from collections import defaultdict


def load(path):
    runs = defaultdict(list)
    warmups = defaultdict(list)
    with open(path) as lines:
        for line in lines:
            if line.strip():
                row = json.loads(line)
                (warmups if row.get("warmup") else runs)[row["name"]].append(row)
    # A figure with no measured iteration (none happened) keeps its warm-ups.
    for name, rows in warmups.items():
        if name not in runs:
            runs[name] = rows
    return runs


def median(runs, name, key="figure"):
    """The best iteration: the highest rate, the shortest time (the machine is shared, and
    what another process takes from an iteration only ever slows it); peak memory: the
    highest; anything else: the median."""
    rows = runs.get(name)
    if not rows:
        return None
    values = [row[key] for row in rows]
    if key in ("figure", "peak"):
        return max(values)
    if key == "seconds":
        return min(values)
    return statistics.median(values)


def mb(x):
    return f"{x / 1e6:.1f} MB/s"


def mega(unit):
    return lambda x: f"{x / 1e6:.1f} M {unit}"


def kilo(unit):
    return lambda x: f"{x / 1e3:.0f} k {unit}"


def ms(x):
    return f"{x * 1000:.2f} ms" if x < 0.1 else f"{x * 1000:.0f} ms"


def mib(x):
    return f"{x / 2**20:.0f} MiB"


def table(runs):
    rows = []

    def add(what, figure, fmt, baseline_name, baseline, bfmt, ratio, target, met):
        rows.append(
            [
                what,
                fmt(figure) if figure is not None else "missing",
                f"{baseline_name}: {bfmt(baseline)}" if baseline is not None else baseline_name,
                f"{ratio:.2f}" if isinstance(ratio, float) else (ratio or ""),
                target,
                "" if met is None else ("yes" if met else "**no**"),
            ]
        )

    def ratio(a, b):
        return a / b if a is not None and b else None

    events = median(runs, "yaml.events")
    add("yaml.events (libyaml alone, 20 MB catalog)", events, mb, "the ceiling", None, mb, "1.00", "", None)
    nodes = median(runs, "yaml.nodes")
    r = ratio(nodes, events)
    add("yaml.nodes (our reader, located nodes)", nodes, mb, "yaml.events", events, mb, r, "", None)
    load = median(runs, "catalog.load generated")
    r = ratio(load, events)
    badges = median(runs, "catalog.load generated", "badges")
    add(
        f"catalog.load, generated ({badges:,.0f} badges)" if badges else "catalog.load, generated",
        load, mb, "yaml.events", events, mb, r, "≥ 0.55 (issue 36)", r is not None and r >= 0.55,
    )
    shipped = median(runs, "catalog.load shipped", "seconds")
    add("catalog.load, the 5 shipped catalogs", shipped, ms, "", None, ms, None, "", None)
    check = median(runs, "rules check", "seconds")
    add("`rules check` on the shipped catalogs (process)", check, ms, "", None, ms, None, "< 50 ms",
        check is not None and check < 0.050)
    # Times: the ratio is the C loop's time over ours (our speed as a share of the C loop's).
    big = median(runs, "rules check generated", "seconds")
    c_loop = median(runs, "libyaml events C generated", "seconds")
    r = ratio(c_loop, big)
    add("`rules check` on a generated 15.6 MB catalog (process)", big, ms, "C libyaml event loop", c_loop, ms, r,
        "≥ 0.60", r is not None and r >= 0.60)

    expr = median(runs, "expr.eval")
    closure = median(runs, "expr.eval closure")
    r = ratio(expr, closure)
    add("expr.eval (1,000,000 contexts)", expr, mega("eval/s"), "plain Swift closure", closure,
        mega("eval/s"), r, "≥ 0.33 (within 3×)", r is not None and r >= 1 / 3)
    zen = median(runs, "peer zen-engine")
    r = ratio(expr, zen)
    add("expr.eval vs zen-engine 2.1.3", expr, mega("eval/s"), "zen-engine", zen, kilo("eval/s"), r,
        "≥ 100", r is not None and r >= 100)
    for peer in ["cel (common-expression-language)", "rule-engine", "python lambda"]:
        value = median(runs, f"peer {peer}")
        add(f"expr.eval vs {peer}", expr, mega("eval/s"), peer, value, kilo("eval/s"), ratio(expr, value),
            "", None)

    baseline = median(runs, "engine.day rizq baseline")
    for name in ["rizq", "imanpath", "discipline", "salahstreak", "onward"]:
        value = median(runs, f"engine.day {name}")
        if name == "rizq":
            r = ratio(value, baseline)
            add("engine.day rizq (10,000 users × 365 days)", value, mega("user-days/s"),
                "hand-written RIZQ", baseline, mega("user-days/s"), r, "≥ 5 M/s and ≥ 0.10 (aim 0.2)",
                value is not None and value >= 5e6 and r is not None and r >= 0.10)
        else:
            add(f"engine.day {name}", value, mega("user-days/s"), "", None, mega, None, "", None)
    for name in ["rizq", "imanpath", "discipline", "salahstreak", "onward"]:
        value = median(runs, f"engine.day {name} compiled")
        if name == "rizq":
            r = ratio(value, baseline)
            add("engine.day rizq compiled to Swift (the batch path)", value, mega("user-days/s"),
                "hand-written RIZQ", baseline, mega("user-days/s"), r, "≥ 0.20",
                r is not None and r >= 0.20)
        else:
            interpreted = median(runs, f"engine.day {name}")
            add(f"engine.day {name} compiled to Swift", value, mega("user-days/s"), "interpreted", interpreted,
                mega("user-days/s"), ratio(value, interpreted), "", None)
    peak = median(runs, "engine.day rizq", "peak")
    small = median(runs, "engine.day rizq 1k users", "peak")
    r = ratio(peak, small)
    add("engine.day peak memory, 10,000 users", peak, mib, "1,000 users", small, mib, r, "flat (≤ 1.10)",
        r is not None and r <= 1.10)

    one = median(runs, "engine.replay 1y", "seconds")
    ten = median(runs, "engine.replay 10y", "seconds")
    r = ratio(ten, one)
    add("engine.replay, 10 years (one user)", ten, ms, "1 year", one, ms, r, "linear (8 to 12.5)",
        r is not None and 8 <= r <= 12.5)
    day = median(runs, "engine.step 1d")
    year = median(runs, "engine.step 1y")
    decade = median(runs, "engine.step 10y")
    r = ratio(decade, day)
    add("engine.step, daily step on a 10-year state", decade, kilo("steps/s"), "on a 1-day state", day,
        kilo("steps/s"), r, "≥ 0.80 (as fast)", r is not None and r >= 0.80)
    r = ratio(decade, year)
    add("engine.step, 10-year state vs 1-year state", decade, kilo("steps/s"), "on a 1-year state", year,
        kilo("steps/s"), r, "≈ 1 (flat in years)", r is not None and r >= 0.90)
    day = median(runs, "engine.step periods 1d")
    decade = median(runs, "engine.step periods 10y")
    r = ratio(decade, day)
    add("engine.step with period sums (weekly challenge), 10-year state", decade, kilo("steps/s"),
        "on a 1-day state", day, kilo("steps/s"), r, "≥ 0.80 (flat in years)", r is not None and r >= 0.80)
    return rows


def instructions(runs):
    """The callgrind rows (`callgrind`): instructions per unit of work, each ratio as the
    baseline's count over ours (our speed as a share of the baseline's, as the table above)."""
    rows = []

    def per(name):
        value = median(runs, f"callgrind {name}", "per")
        return value

    def add(what, name, baseline_what, baseline_name, target, threshold):
        ours, theirs = per(name), per(baseline_name)
        r = theirs / ours if ours and theirs else None
        rows.append([
            what,
            f"{ours:,.1f}" if ours is not None else "missing",
            f"{baseline_what}: {theirs:,.1f}" if theirs is not None else baseline_what,
            f"{r:.2f}" if r is not None else "",
            target,
            "" if threshold is None or r is None else ("yes" if r >= threshold else "**no**"),
        ])

    add("catalog.load, generated 5,000 badges (per byte)", "catalog.load", "yaml.events", "yaml.events",
        "≥ 0.72 (issue 36)", 0.72)
    add("`rules check` on the same catalog as a file (process, per byte)", "rules check generated",
        "C libyaml event loop", "libyaml events C generated", "≥ 0.60", 0.60)
    add("engine.day rizq, one user at a time (per user-day)", "engine.day rizq", "hand-written RIZQ",
        "engine.day rizq baseline", "≥ 0.12", 0.12)
    add("engine.day rizq compiled to Swift, the batch path (per user-day)", "engine.day rizq compiled",
        "hand-written RIZQ", "engine.day rizq baseline", "≥ 0.20", 0.20)
    return rows


def markdown(rows):
    header = ["benchmark", "figure", "baseline (same run)", "ratio", "target", "met"]
    out = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    for row in rows:
        out.append("| " + " | ".join(row) + " |")
    return "\n".join(out)


if __name__ == "__main__":
    runs = load(sys.argv[1])
    print(markdown(table(runs)))
    counted = instructions(runs)
    if any(row[1] != "missing" for row in counted):
        print("\nInstructions (callgrind, exact; `callgrind`):\n")
        print(markdown(counted).replace("| figure |", "| instructions |", 1))
