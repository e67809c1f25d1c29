-- POSTs a JSON body with a distinct Idempotency-Key per request and counts the 201s.
-- Arguments after `--`: a run name (keys stay distinct across runs) and the body, in which
-- `{n}` becomes the request number and `{t}` the thread number; `@path` sends that file's
-- bytes unchanged instead (large bodies).
local threads = {}
local next_id = 1

function setup(thread)
  thread:set("tid", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end

function init(args)
  counter = 0
  created = 0
  failed = 0
  run = args[1] or "0"
  template = args[2] or "{}"
  if template:sub(1, 1) == "@" then
    local f = io.open(template:sub(2), "rb")
    fixed = f:read("*a")
    f:close()
  end
end

function request()
  counter = counter + 1
  local key = string.format("bench-%s-%d-%d", run, tid, counter)
  local body = fixed or template:gsub("{n}", tostring(counter)):gsub("{t}", tostring(tid))
  return wrk.format("POST", nil, {["Content-Type"] = "application/json", ["Origin"] = "http://localhost",
    ["Idempotency-Key"] = key}, body)
end

function response(status, headers, body)
  if status == 201 then created = created + 1 else failed = failed + 1 end
end

function done(summary, latency, requests)
  local c, f = 0, 0
  for _, t in ipairs(threads) do
    c = c + t:get("created")
    f = f + t:get("failed")
  end
  io.write(string.format("created %d failed %d\n", c, f))
end
