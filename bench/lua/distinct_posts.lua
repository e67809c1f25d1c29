-- POSTs a JSON body with a distinct Idempotency-Key per request and counts the 201s.
-- Arguments after `--`: a run name (keys stay distinct across runs) and the body, in which
-- `{n}` becomes the request number and `{t}` the thread number; `@path` sends that file's
-- bytes unchanged instead (large bodies).
-- The load generator shares the machine with the hub it measures, so each request is made by
-- joining strings prepared once per thread (`wrk.format` builds a headers table and walks it
-- for every request: about 12 µs of wrk's CPU a request, two thirds of its user time).
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
  local run = args[1] or "0"
  local template = args[2] or "{}"
  if template:sub(1, 1) == "@" then
    local f = io.open(template:sub(2), "rb")
    fixed = f:read("*a")
    f:close()
  else
    -- The body's pieces between the `{n}`s, with this thread's number already in place.
    pieces = {}
    local body = template:gsub("{t}", tostring(tid))
    local from = 1
    while true do
      local at = body:find("{n}", from, true)
      if not at then break end
      table.insert(pieces, body:sub(from, at - 1))
      from = at + 3
    end
    table.insert(pieces, body:sub(from))
  end
  local headers = ""
  for name, value in pairs(wrk.headers) do
    if name ~= "Content-Length" then headers = headers .. name .. ": " .. value .. "\r\n" end
  end
  head = "POST " .. wrk.path .. " HTTP/1.1\r\n" .. headers
    .. "Content-Type: application/json\r\nOrigin: http://localhost\r\nIdempotency-Key: bench-" .. run .. "-" .. tid .. "-"
end

function request()
  counter = counter + 1
  local body = fixed
  if not body then
    body = pieces[1]
    for i = 2, #pieces do body = body .. counter .. pieces[i] end
  end
  return head .. counter .. "\r\nContent-Length: " .. #body .. "\r\n\r\n" .. body
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
