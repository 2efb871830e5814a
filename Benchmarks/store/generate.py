#!/usr/bin/env python3
"""Day records for the store benchmark: USERS users of RIZQ, DAYS days each, as JSON Lines."""
import datetime, json, random, sys

users, days, first, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
start = datetime.date.fromisoformat(first)
random.seed(1)
dates = [(start + datetime.timedelta(days=d)).isoformat() for d in range(days)]
with open(out, "w") as f:
    for u in range(users):
        user = f"user-{u:06d}"
        for date in dates:
            total = random.randint(1, 5)
            f.write(json.dumps({"user": user, "date": date, "duas_completed": random.randint(0, 8),
                                "habits_completed": random.randint(0, total), "habits_total": total},
                               separators=(",", ":")) + "\n")
