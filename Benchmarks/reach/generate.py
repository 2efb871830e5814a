#!/usr/bin/env python3
"""A generated catalog for `rules reach`'s benchmark: N badges over the mechanics the shipped
catalogs use (streaks with freezes and max_days, totals, windows, week sums, a Friday badge,
progressive groups of 10, one in five badges a combination), thresholds spread so that most
badges are reached between day 1 and day 200 and one in 25 is out of reach (a bound proves it).

usage: generate.py N > catalog.yaml"""
import random
import sys

n = int(sys.argv[1])
rng = random.Random(n)
lines = [
    f"catalog: generated-{n}",
    "version: 1",
    "inputs:",
    "  done: {type: bool}",
    "  rest: {type: bool}",
    "  count: {type: int, min: 0, max: 10}",
    "  mood: {type: enum, values: [low, ok, high]}",
    "streaks:",
    "  run: {counts: done, skips: rest && !done, max_days: 365}",
    "  good:",
    "    counts: \"mood == 'high' && count >= 3\"",
    "    freezes: {earn_every: 7, max: 3}",
    "metrics:",
    "  total_count: total(count)",
    "  good_days: total(mood == 'high')",
    "  recent: last(7, done)",
    "  fridays: total(weekday == 5 && done)",
    "groups:",
]
groups = n // 20
for g in range(groups):
    lines.append(f"  - {{id: g{g}, progressive: true}}")
lines.append("badges:")
templates = [
    lambda: f"run.current >= {rng.randint(1, 200)}",
    lambda: f"good.current >= {rng.randint(1, 120)}",
    lambda: f"total_count >= {rng.randint(1, 2000)}",
    lambda: f"good_days >= {rng.randint(1, 150)}",
    lambda: f"recent >= {rng.randint(1, 7)}",
    lambda: f"week(count) >= {rng.randint(1, 70)}",
    lambda: f"fridays >= {rng.randint(1, 20)}",
    lambda: f"good.freezes >= {rng.randint(1, 3)}",
    lambda: f"run.current >= {rng.randint(1, 60)} && total_count >= {rng.randint(1, 500)}",
]
for i in range(n):
    if i % 25 == 24:
        when = f"week(count) >= {71 + rng.randint(0, 9)}"  # a week has 7 days of at most 10
    else:
        when = templates[rng.randrange(len(templates))]()
    group = f", group: g{(i // 10) % groups}" if groups and (i // 10) % 2 == 0 else ""
    lines.append(f"  - {{id: b{i}, name: Badge {i}{group}, when: \"{when}\"}}")
print("\n".join(lines))
