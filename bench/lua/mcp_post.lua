-- POSTs one JSON-RPC message to the MCP endpoint on every request, as an agent's client sends
-- it over Streamable HTTP. Arguments after `--`: the bearer token and the message's JSON.
function init(args)
  wrk.method = "POST"
  wrk.headers["Authorization"] = "Bearer " .. args[1]
  wrk.headers["Content-Type"] = "application/json"
  wrk.headers["Accept"] = "application/json, text/event-stream"
  wrk.headers["MCP-Protocol-Version"] = "2025-11-25"
  wrk.body = args[2]
end
