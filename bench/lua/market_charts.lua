-- GETs a market chart route across many charts: each request takes the next storefront of
-- a comma-separated list and the next of the three top charts, so the run covers the whole
-- collected data set rather than one cached answer.
-- Arguments after `--`: the route path (e.g. /api/admin/v1/market/trending), the bearer
-- token, the storefront list, and an extra query string (e.g. kind=riser) or "".
local threads = {}
local next_id = 1

function setup(thread)
  thread:set("tid", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end

function init(args)
  route = args[1]
  wrk.headers["Authorization"] = "Bearer " .. args[2]
  storefronts = {}
  for cc in string.gmatch(args[3], "[^,]+") do table.insert(storefronts, cc) end
  extra = args[4] or ""
  charts = {"topfreeapplications", "toppaidapplications", "topgrossingapplications"}
  counter = tid * 7
end

function request()
  counter = counter + 1
  local cc = storefronts[(counter % #storefronts) + 1]
  local chart = charts[(math.floor(counter / #storefronts) % 3) + 1]
  local path = string.format("%s?storefront=%s&chart=%s", route, cc, chart)
  if extra ~= "" then path = path .. "&" .. extra end
  return wrk.format("GET", path)
end
