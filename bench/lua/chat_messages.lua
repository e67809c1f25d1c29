-- POST /api/v1/chat/messages with a distinct Idempotency-Key per request; counts 201s.
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
end

function request()
  counter = counter + 1
  local key = string.format("chat-%s-%d-%d", run, tid, counter)
  local body = string.format('{"body":"Message %d from thread %d under load","locale":"en","platform":"ios"}', counter, tid)
  return wrk.format("POST", nil, {["Content-Type"] = "application/json", ["Idempotency-Key"] = key}, body)
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
