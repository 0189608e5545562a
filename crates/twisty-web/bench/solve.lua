-- wrk script: POST /api/solve of a fixed 2x2x2 scramble; counts responses per status.
-- Usage: wrk -t2 -c4 -d30s --latency -s solve.lua http://127.0.0.1:8080/api/solve
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = os.getenv("TWISTY_BODY") or '{"puzzle":"2x2x2","moves":"R U F\' U2 R\' F U R2","solver":"optimal"}'

local threads = {}
function setup(thread)
  table.insert(threads, thread)
end
function init(args)
  counts = {}
end
function response(status, headers, body)
  counts[status] = (counts[status] or 0) + 1
end
function done(summary, latency, requests)
  local total = {}
  for _, t in ipairs(threads) do
    local c = t:get("counts")
    for s, n in pairs(c) do total[s] = (total[s] or 0) + n end
  end
  for s, n in pairs(total) do io.write(string.format("status %d: %d\n", s, n)) end
  io.write(string.format("p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
