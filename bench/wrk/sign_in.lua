-- wrk script: POST /api/v1/session (sign in) with the visitor cookie and CSRF token that
-- bench/community_load.sh obtained from GET /api/v1/me. Environment: EMAIL, PASSWORD, COOKIE, CSRF.
-- The password must be right: failed sign-ins are what the rate limits count.
wrk.method = "POST"
wrk.path = "/api/v1/session"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Cookie"] = os.getenv("COOKIE")
wrk.headers["X-CSRF-Token"] = os.getenv("CSRF")
wrk.body = string.format('{"email":"%s","password":"%s"}', os.getenv("EMAIL"), os.getenv("PASSWORD"))
