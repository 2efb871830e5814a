#!/usr/bin/env python3
"""Packs the YAML test suite's cases into one JSON fixture for the reader's tests.

Usage: scripts/pack-yaml-test-suite.py ../shared/data/yaml-test-suite \
           Tests/YAMLReaderTests/Fixtures/yaml-test-suite.json

Each case keeps its id, name, whether it is an error case, and its input (base64, since some
inputs are deliberately odd bytes). libyaml 0.2.5's known disagreements with the suite come
along, so the test knows what libyaml itself accepts and rejects.
"""
import base64
import json
import os
import sys

source, target = sys.argv[1], sys.argv[2]
cases = []
for case in sorted(os.listdir(source)):
    folder = os.path.join(source, case)
    if not os.path.isdir(folder):
        continue
    with open(os.path.join(folder, "in.yaml"), "rb") as f:
        data = f.read()
    with open(os.path.join(folder, "name"), encoding="utf-8") as f:
        name = f.read().strip()
    cases.append({
        "id": case,
        "name": name,
        "error": os.path.exists(os.path.join(folder, "error")),
        "yaml": base64.b64encode(data).decode("ascii"),
    })

sections = {"rejectsValid": [], "acceptsInvalid": []}
current = None
with open(os.path.join(source, "libyaml-0.2.5-known-failures.txt"), encoding="utf-8") as f:
    for line in f:
        line = line.strip()
        if line.startswith("# valid cases libyaml REJECTS"):
            current = "rejectsValid"
        elif line.startswith("# error cases libyaml ACCEPTS"):
            current = "acceptsInvalid"
        elif line.startswith("#"):
            current = None
        elif line and current:
            sections[current].append(line)

with open(target, "w", encoding="utf-8") as f:
    json.dump({
        "source": "github.com/yaml/yaml-test-suite, tag data-2022-01-17 (MIT license)",
        "libyaml": sections,
        "cases": cases,
    }, f, indent=1)
    f.write("\n")
print(f"{len(cases)} cases written to {target}")
