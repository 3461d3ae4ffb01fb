-- wrk script for bench/connection_flood.sh: each connection asks for the paths in PATHS (separated by spaces) in
-- turn, so that one run loads several cached answers; THINK_MS, when set, is the pause before each next request on
-- a connection (a reader between clicks), so that many connections need not all be busy at once.
local paths = {}
for path in string.gmatch(os.getenv("PATHS") or "/", "%S+") do
  paths[#paths + 1] = path
end
local think_ms = tonumber(os.getenv("THINK_MS") or "0")
local next_path = 0

request = function()
  next_path = next_path % #paths + 1
  return wrk.format("GET", paths[next_path])
end

if think_ms > 0 then
  delay = function()
    return think_ms
  end
end
