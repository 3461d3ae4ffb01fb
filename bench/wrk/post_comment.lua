-- wrk script: POST /api/v1/comments on the tracker page as a signed-in user, with the session cookie
-- and its CSRF token that bench/community_load.sh obtained by signing in. Environment: COOKIE, CSRF.
-- Each body differs (a counter per wrk thread), as real comments would.
local counter = 0

wrk.method = "POST"
wrk.path = "/api/v1/comments"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Cookie"] = os.getenv("COOKIE")
wrk.headers["X-CSRF-Token"] = os.getenv("CSRF")

request = function()
  counter = counter + 1
  local body = string.format('{"subject":"page","body":"Load test comment %d with *some* markdown."}', counter)
  return wrk.format(nil, nil, nil, body)
end
