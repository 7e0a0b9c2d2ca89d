-- wrk script of `make bench-serve` (scripts/bench_serve.sh): POSTs one JSON body, counts the answers by
-- status when asked, and prints one JSON line at the end for scripts/bench_serve_report.py.
--
-- usage: wrk ... -s scripts/bench_serve.lua URL -- BODY.json [count]
--   BODY.json  the request body, sent as application/json on every request
--   count      count the answers by status: wrk then hands every response to Lua, which costs wrk about
--              a seventh of its requests/s on a small machine, so it is asked only where wrk's own count
--              cannot tell (an expected 422)
-- The last line wrk prints is {"requests":N,"seconds":S,"p50_us":…,"p99_us":…,"counted":true,
-- "statuses":{"200":N,…},"errors":{"connect":N,"read":N,"write":N,"timeout":N,"status":N}}; "status" is
-- wrk's own count of answers outside 2xx and 3xx, so a 422 counts there too, and "statuses" tells them apart.

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  local file = assert(io.open(args[1], "rb"), "cannot read the body file " .. tostring(args[1]))
  wrk.method = "POST"
  wrk.body = file:read("*a")
  file:close()
  wrk.headers["Content-Type"] = "application/json"
  statuses = {}
  counting = args[2] == "count"
  if not counting then
    response = nil
  end
end

-- Read by wrk after init: it hands responses to Lua only when this is still a function.
function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local counts = {}
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("statuses") or {}) do
      counts[status] = (counts[status] or 0) + n
    end
  end
  local parts = {}
  for status, n in pairs(counts) do
    table.insert(parts, string.format('"%d":%d', status, n))
  end
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"seconds":%.6f,"p50_us":%d,"p99_us":%d,"max_us":%d,"counted":%s,"statuses":{%s},'
      .. '"errors":{"connect":%d,"read":%d,"write":%d,"timeout":%d,"status":%d}}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50), latency:percentile(99), latency.max,
    tostring(threads[1] ~= nil and threads[1]:get("counting") == true), table.concat(parts, ","), e.connect, e.read, e.write, e.timeout, e.status))
end
