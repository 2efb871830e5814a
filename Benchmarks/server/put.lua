-- wrk: PUT .../users/{user}/days/{date} of RIZQ, each request a new (user, date): users
-- round-robin over USERS (from the environment), each thread its own users, dates after
-- FIRST (the day after the imported history), one more day each round.
local users = tonumber(os.getenv("USERS") or "1000")
local first = os.getenv("FIRST") or "2025-02-01"
local threads = {}
local counter = 0
local threads_count = tonumber(os.getenv("THREADS") or "2")
id = 0  -- set per thread by setup (a global: thread:set sets globals)

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

local function epoch(day)
  local y, m, d = day:match("(%d+)-(%d+)-(%d+)")
  return os.time({year = tonumber(y), month = tonumber(m), day = tonumber(d), hour = 12})
end

local base = epoch(first)
local body = '{"duas_completed": 3, "habits_completed": 1, "habits_total": 2}'
local headers = {["Content-Type"] = "application/json"}

function request()
  local slot = counter * threads_count + id  -- each thread its own users
  counter = counter + 1
  local user = string.format("user-%06d", slot % users)
  local date = os.date("%Y-%m-%d", base + math.floor(slot / users) * 86400)
  return wrk.format("PUT", "/v1/catalogs/rizq/users/" .. user .. "/days/" .. date, headers, body)
end
