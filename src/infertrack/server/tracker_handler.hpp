#pragma once

#include "infertrack/server/community/community_routes.hpp"
#include "infertrack/server/http/handler.hpp"
#include "infertrack/server/http/metrics.hpp"
#include "infertrack/store/store.hpp"

#include <memory>

namespace infertrack::server {

// The whole web tracker as one handler: the JSON API and the pages (both cached until the data changes),
// their assets, /healthz and /metrics, and the account and comment routes (never cached). Store calls are
// serialised, so any number of server threads may share one store connection.
http::Handler make_tracker_handler(std::shared_ptr<store::Store> store, std::shared_ptr<http::Metrics> metrics,
                                   community::CommunityOptions community = {});

}  // namespace infertrack::server
