-- wrk: GET .../users/{user}/progress?date=DATE of RIZQ, users round-robin over USERS.
local users = tonumber(os.getenv("USERS") or "1000")
local date = os.getenv("DATE") or "2025-01-31"
local counter = 0
local threads_count = tonumber(os.getenv("THREADS") or "2")
id = 0  -- set per thread by setup (a global: thread:set sets globals)
local threads = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

function request()
  local slot = counter * threads_count + id
  counter = counter + 1
  local user = string.format("user-%06d", slot % users)
  return wrk.format("GET", "/v1/catalogs/rizq/users/" .. user .. "/progress?date=" .. date)
end
