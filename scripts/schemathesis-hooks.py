"""Hooks for the served document's run in scripts/schemathesis (loaded through SCHEMATHESIS_HOOKS).

That run checks that the server takes every value the document allows (positive_data_acceptance),
so a path parameter has to reach the server as a value the document allows. Two kinds do not, and
this filter drops them:

- schemathesis percent-decodes a path parameter before it encodes it (`quote_all`, which keeps its
  own quoting idempotent), so a value drawn unencoded with a literal `%` and two hex digits is not
  the value it sends: `a%0Eb`, valid by the pattern, reaches the server as `a<U+000E>b`, which it
  rightly refuses (400 `bad-user`). What the server receives is the value percent-decoded once,
  and that is what is checked here.
- A user id is at most 256 bytes of UTF-8 (the parameter's description); `maxLength` counts
  characters, and JSON Schema has no way to count bytes. The same holds for the query's user
  ids (`around` on a leaderboard, `user` on the events) and the events' `catalog`.

The generic runs keep every value: they do not hold the server to positive acceptance.
"""

import re
from urllib.parse import unquote

import schemathesis

CONTROL = re.compile("[\x00-\x1f\x7f]")


def received(value):
    """The value as the server reads it: percent-decoded once, as UTF-8."""
    return unquote(value, errors="strict")


@schemathesis.hook
def filter_path_parameters(context, path_parameters):
    for name, value in (path_parameters or {}).items():
        if name != "user" or not isinstance(value, str):
            continue
        try:
            user = received(value)
        except UnicodeDecodeError:
            return False
        if not user or CONTROL.search(user) or len(user.encode("utf-8")) > 256:
            return False
    return True


# The query parameters of at most 256 bytes of UTF-8.
QUERY_BYTE_LIMITED = {"around", "user", "catalog"}


@schemathesis.hook
def filter_query(context, query):
    for name, value in (query or {}).items():
        if name in QUERY_BYTE_LIMITED and isinstance(value, str) and len(value.encode("utf-8")) > 256:
            return False
    return True
