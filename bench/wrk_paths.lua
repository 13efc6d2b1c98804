-- wrk script of `make bench`: each request GETs a path picked at random from the file named
-- by the script's first argument (one path a line); when the run ends, one line of JSON
-- (after "WRK_JSON ") with the request count, the latency percentiles and the errors.
--
--   wrk -t2 -c20 -d10s --timeout 60s -s bench/wrk_paths.lua http://127.0.0.1:8000 -- paths.txt

local paths = {}

function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then
      paths[#paths + 1] = line
    end
  end
  -- Each thread has its own Lua state: seed each one differently.
  local address = tonumber(tostring(paths):match("0x(%x+)") or "0", 16) or 0
  math.randomseed(os.time() + address % 1000003)
end

function request()
  return wrk.format("GET", paths[math.random(#paths)])
end

function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests": %d, "duration_us": %d, "mean_us": %.1f, "p50_us": %d, '
      .. '"p95_us": %d, "p99_us": %d, "max_us": %d, "status_errors": %d, '
      .. '"connect_errors": %d, "read_errors": %d, "write_errors": %d, "timeouts": %d}\n',
    summary.requests, summary.duration, latency.mean, latency:percentile(50),
    latency:percentile(95), latency:percentile(99), latency.max, errors.status,
    errors.connect, errors.read, errors.write, errors.timeout
  ))
end
