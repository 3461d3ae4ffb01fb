#include "infertrack/server/api/api_routes.hpp"

namespace infertrack::server::api {

const std::string&
openapi_document()
{
  // Kept beside the routes it documents; a test checks that every path listed here is answered.
  static const std::string k_document = R"json({
 "openapi": "3.0.3",
 "info": {
  "title": "InferTrack API",
  "version": "1",
  "description": "LLM inference benchmark points, Pareto frontiers, interpolation at a target interactivity and capacity plans. Answers carry the JSON the CLI prints with --json (/points wraps its list in a page: points, next, limit, filter_summary). Every 200 answer to a GET carries an ETag and is a 304 to a matching If-None-Match; benchmark answers (and this document) are sent with Cache-Control: no-cache, exports, account, session and comment answers with no-store. Errors are {error, detail}; the account, session and comment routes add field, the name of the field at fault when there is one (on the benchmark routes, detail starts with the name of a parameter at fault). Any route answers 413 to a body over 64 KiB, 414 to a request line over 8 KiB and 431 to a request line and header fields over 8 KiB together. Numbers are decimal and of magnitude at most 1e18; names never hold a control character (a filter with one is a 400, as an empty one is); a hardware, framework, precision or spec_method name that no stored point has is a 400 that lists the stored names (a model, a 404 unknown_model); a parameter unknown to a route is a 400 that lists the route's parameters."
 },
 "servers": [
  {
   "url": "/api/v1"
  }
 ],
 "paths": {
  "/benchmarks": {
   "get": {
    "summary": "Benchmark rows in the public InferenceX row shape, latest run per configuration (or as of `date`), with provenance",
    "parameters": [
     {
      "$ref": "#/components/parameters/model_required"
     },
     {
      "$ref": "#/components/parameters/hardware"
     },
     {
      "$ref": "#/components/parameters/framework"
     },
     {
      "$ref": "#/components/parameters/precision"
     },
     {
      "$ref": "#/components/parameters/spec_method"
     },
     {
      "$ref": "#/components/parameters/disaggregated"
     },
     {
      "name": "date",
      "in": "query",
      "schema": {
       "type": "string",
       "format": "date"
      },
      "description": "Without exact=true: the latest run of each configuration on or before this date (as_of by another name); with exact=true: only runs of this date"
     },
     {
      "$ref": "#/components/parameters/as_of"
     },
     {
      "name": "exact",
      "in": "query",
      "required": false,
      "schema": {
       "type": "boolean"
      },
      "description": "true: only rows of exactly `date`"
     }
    ],
    "responses": {
     "200": {
      "$ref": "#/components/responses/JsonAnswer"
     },
     "400": {
      "$ref": "#/components/responses/Refused"
     },
     "404": {
      "$ref": "#/components/responses/Refused"
     },
     "405": {
      "$ref": "#/components/responses/Refused"
     },
     "304": {
      "$ref": "#/components/responses/NotModified"
     }
    }
   }
  },
  "/availability": {
   "get": {
    "summary": "Which model, sequence, precision, hardware, framework, spec method, disaggregation and date combinations are stored",
    "parameters": [
     {
      "$ref": "#/components/parameters/model"
     },
     {
      "$ref": "#/components/parameters/hardware"
     },
     {
      "$ref": "#/components/parameters/framework"
     },
     {
      "$ref": "#/components/parameters/precision"
     },
     {
      "$ref": "#/components/parameters/spec_method"
     },
     {
      "$ref": "#/components/parameters/disaggregated"
     },
     {
      "$ref": "#/components/parameters/date"
     },
     {
      "$ref": "#/components/parameters/as_of"
     }
    ],
    "responses": {
     "200": {
      "$ref": "#/components/responses/JsonAnswer"
     },
     "400": {
      "$ref": "#/components/responses/Refused"
     },
     "404": {
      "$ref": "#/components/responses/Refused"
     },
     "405": {
      "$ref": "#/components/responses/Refused"
     },
     "304": {
      "$ref": "#/components/responses/NotModified"
     }
    }
   }
  },
  "/points": {
   "get": {
    "summary": "Stored points with provenance and each point's data-quality findings, one page at a time in listing order (configuration, date, concurrency, result id): {\"points\": [...], \"next\": cursor or null, \"limit\": n, \"filter_summary\": the filters in words}; pass next as after for the following page",
    "parameters": [
     {
      "$ref": "#/components/parameters/model"
     },
     {
      "$ref": "#/components/parameters/hardware"
     },
     {
      "$ref": "#/components/parameters/framework"
     },
     {
      "$ref": "#/components/parameters/precision"
     },
     {
      "$ref": "#/components/parameters/spec_method"
     },
     {
      "$ref": "#/components/parameters/disaggregated"
     },
     {
      "$ref": "#/components/parameters/date"
     },
     {
      "$ref": "#/components/parameters/as_of"
     },
     {
      "name": "limit",
      "in": "query",
      "required": false,
      "schema": {
       "type": "integer",
       "minimum": 1,
       "maximum": 1000,
       "default": 1000
      },
      "description": "At most this many points in the answer"
     },
     {
      "name": "after",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "The next of the previous page: the result id after which this page starts (400 when no point has it)"
     },
     {
      "name": "runs",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string",
       "enum": [
        "all",
        "latest"
       ],
       "default": "all"
      },
      "description": "all: every run; latest: only the latest run of each configuration, as /benchmarks and the chart list them"
     }
    ],
    "responses": {
     "200": {
      "$ref": "#/components/responses/JsonAnswer"
     },
     "400": {
      "$ref": "#/components/responses/Refused"
     },
     "404": {
      "$ref": "#/components/responses/Refused"
     },
     "405": {
      "$ref": "#/components/responses/Refused"
     },
     "304": {
      "$ref": "#/components/responses/NotModified"
     }
    }
   }
  },
  "/points/{id}": {
   "get": {
    "summary": "One point with its notes and data-quality findings",
    "parameters": [
     {
      "name": "id",
      "in": "path",
      "required": true,
      "schema": {
       "type": "string"
      }
     }
    ],
    "responses": {
     "200": {
      "description": "The point",
      "content": {
       "application/json": {}
      }
     },
     "400": {
      "$ref": "#/components/responses/Refused"
     },
     "404": {
      "$ref": "#/components/responses/Refused"
     },
     "405": {
      "$ref": "#/components/responses/Refused"
     },
     "304": {
      "$ref": "#/components/responses/NotModified"
     }
    }
   }
  },
  "/frontier": {
   "get": {
    "summary": "Per configuration: the Pareto frontier knots, spline samples for drawing, and every point of the run; `left_out` lists the configurations with no curve at the asked basis and metric, each with its reason",
    "parameters": [
     {
      "$ref": "#/components/parameters/model_required"
     },
     {
      "$ref": "#/components/parameters/hardware"
     },
     {
      "$ref": "#/components/parameters/framework"
     },
     {
      "$ref": "#/components/parameters/precision"
     },
     {
      "$ref": "#/components/parameters/spec_method"
     },
     {
      "$ref": "#/components/parameters/disaggregated"
     },
     {
      "$ref": "#/components/parameters/date"
     },
     {
      "$ref": "#/components/parameters/as_of"
     },
     {
      "name": "x",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "auto (P90 ITL for agentic runs, median TPOT for fixed-length ones, the other where a point lacks it), p90 or median (or p90_itl, median_tpot, as answers name them)"
     },
     {
      "$ref": "#/components/parameters/metric"
     }
    ],
    "responses": {
     "200": {
      "$ref": "#/components/responses/JsonAnswer"
     },
     "400": {
      "$ref": "#/components/responses/Refused"
     },
     "404": {
      "$ref": "#/components/responses/Refused"
     },
     "405": {
      "$ref": "#/components/responses/Refused"
     },
     "304": {
      "$ref": "#/components/responses/NotModified"
     }
    }
   }
  },
  "/interpolate": {
   "get": {
    "summary": "Throughput per GPU of each configuration at a target interactivity, with the state (exact, interpolated, clamped_low, unreachable) and bracketing result ids, beside the published headlines",
    "parameters": [
     {
      "$ref": "#/components/parameters/model_required"
     },
     {
      "$ref": "#/components/parameters/hardware"
     },
     {
      "$ref": "#/components/parameters/framework"
     },
     {
      "$ref": "#/components/parameters/precision"
     },
     {
      "$ref": "#/components/parameters/spec_method"
     },
     {
      "$ref": "#/components/parameters/disaggregated"
     },
     {
      "$ref": "#/components/parameters/date"
     },
     {
      "$ref": "#/components/parameters/as_of"
     },
     {
      "name": "at",
      "in": "query",
      "required": true,
      "schema": {
       "type": "number"
      },
      "description": "Target interactivity, tok/s/user"
     },
     {
      "name": "x",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "auto, p90 or median (or p90_itl, median_tpot, as answers name them)"
     },
     {
      "$ref": "#/components/parameters/metric"
     }
    ],
    "responses": {
     "200": {
      "description": "One row per configuration group; each row carries `findings` (Finding list) computed on its curve, such as thin_frontier when the target lies between frontier points more than 2x apart in interactivity. `left_out` lists the configurations with no curve at the asked basis and metric, each with its reason.",
      "content": {
       "application/json": {}
      }
     },
     "400": {
      "$ref": "#/components/responses/Refused"
     },
     "404": {
      "$ref": "#/components/responses/Refused"
     },
     "405": {
      "$ref": "#/components/responses/Refused"
     },
     "304": {
      "$ref": "#/components/responses/NotModified"
     }
    }
   }
  },
  "/history": {
   "get": {
    "summary": "Performance over time: each configuration's throughput per GPU at a target interactivity, one value per run date read off that run's own frontier (never stitched), with days since launch, state, brackets, gaps (unreachable, with the reason) and improvement factors; one page of configurations at a time",
    "parameters": [
     {
      "name": "model",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Model, e.g. DeepSeek-V4-Pro (aliases such as dsv4 accepted); default every model"
     },
     {
      "$ref": "#/components/parameters/hardware"
     },
     {
      "$ref": "#/components/parameters/framework"
     },
     {
      "$ref": "#/components/parameters/precision"
     },
     {
      "$ref": "#/components/parameters/spec_method"
     },
     {
      "$ref": "#/components/parameters/disaggregated"
     },
     {
      "$ref": "#/components/parameters/date"
     },
     {
      "name": "as_of",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "YYYY-MM-DD: only runs on or before this date"
     },
     {
      "name": "at",
      "in": "query",
      "required": false,
      "schema": {
       "type": "number"
      },
      "description": "Target interactivity, tok/s/user (default 100)"
     },
     {
      "name": "x",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "auto, p90 or median, or p90_itl, median_tpot as answers name them (auto: P90 ITL for agentic configurations, median TPOT for fixed-length ones, the other when a point lacks it)"
     },
     {
      "$ref": "#/components/parameters/metric"
     },
     {
      "name": "from",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "YYYY-MM-DD, with to: the improvement factor between these run dates"
     },
     {
      "name": "to",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "YYYY-MM-DD, with from"
     },
     {
      "name": "launch_date",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "YYYY-MM-DD: day 0 of days_since_launch (default 2026-04-24, DeepSeek V4's launch)"
     },
     {
      "name": "join_precisions",
      "in": "query",
      "required": false,
      "schema": {
       "type": "boolean"
      },
      "description": "true: configurations that differ only in precision are one series (a GPU's launch-day fp8 runs beside its later fp4 ones); each date keeps its run with the highest value at the target, and each point's precision says which. Pages then count the joined series. Default false"
     },
     {
      "name": "offset",
      "in": "query",
      "required": false,
      "schema": {
       "type": "integer",
       "minimum": 0,
       "default": 0
      },
      "description": "The first configuration of the page, counted in configuration order; the answer's next_offset gives the next page's (null on the last)"
     },
     {
      "name": "limit",
      "in": "query",
      "required": false,
      "schema": {
       "type": "integer",
       "minimum": 1,
       "maximum": 1000,
       "default": 50
      },
      "description": "At most this many configurations in the answer; configurations gives how many there are in all"
     }
    ],
    "responses": {
     "200": {
      "$ref": "#/components/responses/JsonAnswer"
     },
     "400": {
      "$ref": "#/components/responses/Refused"
     },
     "404": {
      "$ref": "#/components/responses/Refused"
     },
     "405": {
      "$ref": "#/components/responses/Refused"
     },
     "304": {
      "$ref": "#/components/responses/NotModified"
     }
    }
   }
  },
  "/plan": {
   "get": {
    "summary": "Groups, racks, $/day and MW for a daily token demand (model is required with at; a plan by point takes none)",
    "parameters": [
     {
      "$ref": "#/components/parameters/model"
     },
     {
      "$ref": "#/components/parameters/hardware"
     },
     {
      "$ref": "#/components/parameters/framework"
     },
     {
      "$ref": "#/components/parameters/precision"
     },
     {
      "$ref": "#/components/parameters/spec_method"
     },
     {
      "$ref": "#/components/parameters/disaggregated"
     },
     {
      "$ref": "#/components/parameters/date"
     },
     {
      "$ref": "#/components/parameters/as_of"
     },
     {
      "name": "point",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "A result id (instead of at)"
     },
     {
      "name": "at",
      "in": "query",
      "required": false,
      "schema": {
       "type": "number"
      },
      "description": "Target interactivity (instead of point)"
     },
     {
      "name": "demand",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Tokens per day: 40T, 1.5B, 500M"
     },
     {
      "name": "preset",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "A preset key (instead of demand; custom takes the demand given with it)"
     },
     {
      "name": "utilization",
      "in": "query",
      "required": false,
      "schema": {
       "type": "number"
      },
      "description": "Usable capacity fraction in (0, 1], default 0.6"
     },
     {
      "name": "mix",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Input:output mix, e.g. 3:1"
     },
     {
      "name": "cost_per_gpu_hour",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Override $/GPU-hour: one figure for every hardware, or hardware=value pairs separated by commas (mi355x=8,gb200=72)"
     },
     {
      "name": "kw_per_gpu",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Override all-in kW per GPU: one figure for every hardware, or hardware=value pairs separated by commas (mi355x=8,gb200=72)"
     },
     {
      "name": "gpus_per_rack",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Override GPUs per rack: one figure for every hardware, or hardware=value pairs separated by commas (mi355x=8,gb200=72)"
     }
    ],
    "responses": {
     "200": {
      "$ref": "#/components/responses/JsonAnswer"
     },
     "400": {
      "$ref": "#/components/responses/Refused"
     },
     "404": {
      "$ref": "#/components/responses/Refused"
     },
     "405": {
      "$ref": "#/components/responses/Refused"
     },
     "304": {
      "$ref": "#/components/responses/NotModified"
     }
    }
   }
  },
  "/hardware": {
   "get": {
    "summary": "Dated cost and power figures per hardware, with sources; with as_of, each hardware's figures in force that day",
    "parameters": [
     {
      "$ref": "#/components/parameters/as_of"
     }
    ],
    "responses": {
     "200": {
      "$ref": "#/components/responses/JsonAnswer"
     },
     "400": {
      "$ref": "#/components/responses/Refused"
     },
     "404": {
      "$ref": "#/components/responses/Refused"
     },
     "405": {
      "$ref": "#/components/responses/Refused"
     },
     "304": {
      "$ref": "#/components/responses/NotModified"
     }
    }
   }
  },
  "/presets": {
   "get": {
    "summary": "Demand presets with notes and sources",
    "parameters": [],
    "responses": {
     "200": {
      "$ref": "#/components/responses/JsonAnswer"
     },
     "400": {
      "$ref": "#/components/responses/Refused"
     },
     "404": {
      "$ref": "#/components/responses/Refused"
     },
     "405": {
      "$ref": "#/components/responses/Refused"
     },
     "304": {
      "$ref": "#/components/responses/NotModified"
     }
    }
   }
  },
  "/headlines": {
   "get": {
    "summary": "Published headlines beside the values computed from the stored points",
    "parameters": [],
    "responses": {
     "200": {
      "description": "Published headlines beside computed values; each comparison carries `findings` (Finding list), such as headline_outside_range",
      "content": {
       "application/json": {}
      }
     },
     "400": {
      "$ref": "#/components/responses/Refused"
     },
     "404": {
      "$ref": "#/components/responses/Refused"
     },
     "405": {
      "$ref": "#/components/responses/Refused"
     },
     "304": {
      "$ref": "#/components/responses/NotModified"
     }
    }
   }
  },
  "/me": {
   "get": {
    "summary": "Who is signed in, and the CSRF token every write must send (sets a visitor cookie before sign-in)",
    "responses": {
     "200": {
      "$ref": "#/components/responses/SignedIn"
     },
     "400": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "405": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "304": {
      "$ref": "#/components/responses/NotModified"
     }
    }
   }
  },
  "/account": {
   "post": {
    "summary": "Sign up and sign in; sets the session cookie",
    "parameters": [
     {
      "$ref": "#/components/parameters/X_CSRF_Token"
     }
    ],
    "responses": {
     "201": {
      "$ref": "#/components/responses/SignedIn"
     },
     "400": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "403": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "409": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "415": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "429": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "503": {
      "$ref": "#/components/responses/Unavailable"
     }
    },
    "requestBody": {
     "required": true,
     "content": {
      "application/json": {
       "schema": {
        "type": "object",
        "required": [
         "display_name",
         "email",
         "password"
        ],
        "properties": {
         "display_name": {
          "type": "string"
         },
         "email": {
          "type": "string"
         },
         "password": {
          "type": "string"
         }
        }
       }
      }
     }
    }
   },
   "delete": {
    "summary": "Delete the signed-in account (its comments stay, shown as from a deleted account)",
    "parameters": [
     {
      "$ref": "#/components/parameters/X_CSRF_Token"
     }
    ],
    "responses": {
     "204": {
      "$ref": "#/components/responses/Done"
     },
     "400": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "401": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "403": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "429": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "503": {
      "$ref": "#/components/responses/Unavailable"
     },
     "415": {
      "$ref": "#/components/responses/UnsupportedMediaType"
     }
    },
    "requestBody": {
     "required": true,
     "content": {
      "application/json": {
       "schema": {
        "type": "object",
        "required": [
         "password"
        ],
        "properties": {
         "password": {
          "type": "string"
         }
        }
       }
      }
     }
    }
   }
  },
  "/account/password": {
   "post": {
    "summary": "Change the password; ends the account's other sessions",
    "parameters": [
     {
      "$ref": "#/components/parameters/X_CSRF_Token"
     }
    ],
    "responses": {
     "204": {
      "$ref": "#/components/responses/Done"
     },
     "400": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "401": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "403": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "429": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "503": {
      "$ref": "#/components/responses/Unavailable"
     },
     "415": {
      "$ref": "#/components/responses/UnsupportedMediaType"
     }
    },
    "requestBody": {
     "required": true,
     "content": {
      "application/json": {
       "schema": {
        "type": "object",
        "required": [
         "current_password",
         "new_password"
        ],
        "properties": {
         "current_password": {
          "type": "string"
         },
         "new_password": {
          "type": "string"
         }
        }
       }
      }
     }
    }
   }
  },
  "/session": {
   "post": {
    "summary": "Sign in: a new session cookie, and the session of any previous cookie ends",
    "parameters": [
     {
      "$ref": "#/components/parameters/X_CSRF_Token"
     }
    ],
    "responses": {
     "200": {
      "$ref": "#/components/responses/SignedIn"
     },
     "400": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "401": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "403": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "429": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "503": {
      "$ref": "#/components/responses/Unavailable"
     },
     "415": {
      "$ref": "#/components/responses/UnsupportedMediaType"
     }
    },
    "requestBody": {
     "required": true,
     "content": {
      "application/json": {
       "schema": {
        "type": "object",
        "required": [
         "email",
         "password"
        ],
        "properties": {
         "email": {
          "type": "string"
         },
         "password": {
          "type": "string"
         }
        }
       }
      }
     }
    }
   },
   "delete": {
    "summary": "Sign out",
    "parameters": [
     {
      "$ref": "#/components/parameters/X_CSRF_Token"
     }
    ],
    "responses": {
     "204": {
      "$ref": "#/components/responses/Done"
     },
     "403": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "503": {
      "$ref": "#/components/responses/Unavailable"
     },
     "415": {
      "$ref": "#/components/responses/UnsupportedMediaType"
     }
    }
   }
  },
  "/comments": {
   "get": {
    "summary": "A page of comment threads on the tracker page (subject=page) or a point (subject=point:<result id>), newest thread first, each followed by its first 50 replies; with thread, that thread's next 100 replies after the comment after",
    "parameters": [
     {
      "name": "subject",
      "in": "query",
      "required": true,
      "schema": {
       "type": "string"
      },
      "example": "page"
     },
     {
      "name": "page",
      "in": "query",
      "required": false,
      "description": "Not with thread",
      "schema": {
       "type": "integer",
       "minimum": 1,
       "default": 1
      }
     },
     {
      "name": "thread",
      "in": "query",
      "required": false,
      "description": "The id of a thread's first comment: list that thread's further replies instead of a page of threads",
      "schema": {
       "type": "integer",
       "minimum": 1
      }
     },
     {
      "name": "after",
      "in": "query",
      "required": false,
      "description": "With thread: the replies posted after this comment (more_replies[].after of a page); from the first reply when absent",
      "schema": {
       "type": "integer",
       "minimum": 1
      }
     }
    ],
    "responses": {
     "200": {
      "description": "Threads, or one thread's further replies",
      "content": {
       "application/json": {
        "schema": {
         "oneOf": [
          {
           "$ref": "#/components/schemas/CommentPage"
          },
          {
           "$ref": "#/components/schemas/ThreadReplies"
          }
         ]
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "404": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "304": {
      "$ref": "#/components/responses/NotModified"
     }
    }
   },
   "post": {
    "summary": "Post a comment or a reply (parent_id)",
    "parameters": [
     {
      "$ref": "#/components/parameters/X_CSRF_Token"
     }
    ],
    "responses": {
     "201": {
      "$ref": "#/components/responses/Comment"
     },
     "400": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "401": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "403": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "404": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "429": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "503": {
      "$ref": "#/components/responses/Unavailable"
     },
     "415": {
      "$ref": "#/components/responses/UnsupportedMediaType"
     }
    },
    "requestBody": {
     "required": true,
     "content": {
      "application/json": {
       "schema": {
        "type": "object",
        "required": [
         "subject",
         "body"
        ],
        "properties": {
         "subject": {
          "type": "string"
         },
         "body": {
          "type": "string"
         },
         "parent_id": {
          "type": "integer"
         }
        }
       }
      }
     }
    }
   }
  },
  "/comments/{id}": {
   "patch": {
    "summary": "Edit your own comment (marked edited)",
    "parameters": [
     {
      "$ref": "#/components/parameters/X_CSRF_Token"
     },
     {
      "$ref": "#/components/parameters/id"
     }
    ],
    "responses": {
     "200": {
      "$ref": "#/components/responses/Comment"
     },
     "400": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "401": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "403": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "404": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "503": {
      "$ref": "#/components/responses/Unavailable"
     },
     "415": {
      "$ref": "#/components/responses/UnsupportedMediaType"
     },
     "429": {
      "$ref": "#/components/responses/RefusedWithField"
     }
    },
    "requestBody": {
     "required": true,
     "content": {
      "application/json": {
       "schema": {
        "type": "object",
        "required": [
         "body"
        ],
        "properties": {
         "body": {
          "type": "string"
         }
        }
       }
      }
     }
    }
   },
   "delete": {
    "summary": "Delete your own comment (its replies stay)",
    "parameters": [
     {
      "$ref": "#/components/parameters/X_CSRF_Token"
     },
     {
      "$ref": "#/components/parameters/id"
     }
    ],
    "responses": {
     "204": {
      "$ref": "#/components/responses/Done"
     },
     "401": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "403": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "404": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "503": {
      "$ref": "#/components/responses/Unavailable"
     },
     "415": {
      "$ref": "#/components/responses/UnsupportedMediaType"
     }
    }
   }
  },
  "/comments/{id}/hide": {
   "post": {
    "summary": "Hide a comment (admins only; audited)",
    "parameters": [
     {
      "$ref": "#/components/parameters/X_CSRF_Token"
     },
     {
      "$ref": "#/components/parameters/id"
     }
    ],
    "responses": {
     "200": {
      "$ref": "#/components/responses/Comment"
     },
     "401": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "403": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "404": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "409": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "503": {
      "$ref": "#/components/responses/Unavailable"
     },
     "415": {
      "$ref": "#/components/responses/UnsupportedMediaType"
     }
    }
   }
  },
  "/comments/{id}/restore": {
   "post": {
    "summary": "Restore a hidden comment (admins only; audited)",
    "parameters": [
     {
      "$ref": "#/components/parameters/X_CSRF_Token"
     },
     {
      "$ref": "#/components/parameters/id"
     }
    ],
    "responses": {
     "200": {
      "$ref": "#/components/responses/Comment"
     },
     "401": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "403": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "404": {
      "$ref": "#/components/responses/RefusedWithField"
     },
     "503": {
      "$ref": "#/components/responses/Unavailable"
     },
     "415": {
      "$ref": "#/components/responses/UnsupportedMediaType"
     }
    }
   }
  },
  "/export/{kind}": {
   "get": {
    "summary": "A download of points, frontiers, interpolations, history or plans as CSV or JSON, with a provenance block: tracker version, when it was made, the as-of date, the query, each configuration's run date and frontier knots, the result ids bracketing each value and, for plans and interpolations, the cost/power entries used with their effective dates, sources and overrides. Takes the parameters of the kind's own route (/points filters, /frontier, /interpolate, /history, /plan) plus format; answered with Content-Disposition: attachment",
    "parameters": [
     {
      "name": "kind",
      "in": "path",
      "required": true,
      "schema": {
       "type": "string",
       "enum": [
        "points",
        "frontiers",
        "interpolations",
        "history",
        "plans",
        "frontier",
        "interpolate",
        "plan"
       ]
      },
      "description": "What to export: points, frontiers, interpolations, history or plans (the route names frontier, interpolate and plan are accepted too)"
     },
     {
      "name": "format",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string",
       "enum": [
        "csv",
        "json"
       ]
      },
      "description": "csv (provenance as leading '# key: value' lines, then the header and rows) or json ({\"provenance\": {...}, \"<kind>\": [rows]}); default json"
     },
     {
      "name": "runs",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string",
       "enum": [
        "all",
        "latest"
       ]
      },
      "description": "Points only: every run (default) or the latest run of each configuration"
     },
     {
      "name": "model",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Model, e.g. DeepSeek-V4-Pro (aliases such as dsv4 accepted); required for frontiers, interpolations and plans at a target"
     },
     {
      "$ref": "#/components/parameters/hardware"
     },
     {
      "$ref": "#/components/parameters/framework"
     },
     {
      "$ref": "#/components/parameters/precision"
     },
     {
      "$ref": "#/components/parameters/spec_method"
     },
     {
      "$ref": "#/components/parameters/disaggregated"
     },
     {
      "$ref": "#/components/parameters/date"
     },
     {
      "name": "as_of",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "YYYY-MM-DD: the tracker as it stood that day (recorded in the provenance; default latest)"
     },
     {
      "name": "at",
      "in": "query",
      "required": false,
      "schema": {
       "type": "number"
      },
      "description": "interpolations (required), history (default 100) and plans: target interactivity in tok/s/user"
     },
     {
      "name": "x",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string",
       "enum": [
        "auto",
        "p90",
        "median",
        "p90_itl",
        "median_tpot"
       ]
      },
      "description": "frontiers, interpolations, history: interactivity basis auto, p90 or median (or p90_itl, median_tpot)"
     },
     {
      "name": "metric",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string",
       "enum": [
        "total",
        "input",
        "output"
       ]
      },
      "description": "frontiers, interpolations, history: throughput total, input or output"
     },
     {
      "name": "from",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "history: with to, the improvement between two run dates (YYYY-MM-DD)"
     },
     {
      "name": "to",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "history: with from, the later run date"
     },
     {
      "name": "launch_date",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "history: day 0 of days since launch (YYYY-MM-DD)"
     },
     {
      "name": "join_precisions",
      "in": "query",
      "required": false,
      "schema": {
       "type": "boolean"
      },
      "description": "history: true joins configurations that differ only in precision into one series"
     },
     {
      "name": "point",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "plans: a result id (instead of at)"
     },
     {
      "name": "demand",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "plans: tokens per day, e.g. 40T"
     },
     {
      "name": "preset",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "plans: a preset key (instead of demand; custom takes the demand given with it)"
     },
     {
      "name": "utilization",
      "in": "query",
      "required": false,
      "schema": {
       "type": "number"
      },
      "description": "plans: usable fraction of capacity, in (0, 1]"
     },
     {
      "name": "mix",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "plans: input:output token mix, e.g. 3:1"
     },
     {
      "name": "cost_per_gpu_hour",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "plans: override $/GPU-hour: one figure for every hardware, or hardware=value pairs separated by commas (mi355x=8,gb200=72) (flagged in the provenance)"
     },
     {
      "name": "kw_per_gpu",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "plans: override all-in kW per GPU: one figure for every hardware, or hardware=value pairs separated by commas (mi355x=8,gb200=72) (flagged in the provenance)"
     },
     {
      "name": "gpus_per_rack",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "plans: override GPUs per rack: one figure for every hardware, or hardware=value pairs separated by commas (mi355x=8,gb200=72) (flagged in the provenance)"
     }
    ],
    "responses": {
     "200": {
      "description": "The export file",
      "headers": {
       "Content-Disposition": {
        "schema": {
         "type": "string"
        },
        "description": "attachment; filename=\"infertrack-<kind>-<model>[-<each filter given>][-at<target>]-<as_of, the run date, or latest>.<format>\""
       }
      },
      "content": {
       "text/csv": {},
       "application/json": {}
      }
     },
     "400": {
      "$ref": "#/components/responses/Refused"
     },
     "404": {
      "$ref": "#/components/responses/Refused"
     },
     "405": {
      "$ref": "#/components/responses/Refused"
     },
     "304": {
      "$ref": "#/components/responses/NotModified"
     }
    }
   }
  },
  "/openapi.json": {
   "get": {
    "summary": "This document",
    "parameters": [],
    "responses": {
     "200": {
      "$ref": "#/components/responses/JsonAnswer"
     },
     "400": {
      "$ref": "#/components/responses/Refused"
     },
     "404": {
      "$ref": "#/components/responses/Refused"
     },
     "405": {
      "$ref": "#/components/responses/Refused"
     },
     "304": {
      "$ref": "#/components/responses/NotModified"
     }
    }
   }
  }
 },
 "components": {
  "schemas": {
   "Error": {
    "type": "object",
    "required": [
     "error",
     "detail"
    ],
    "properties": {
     "error": {
      "type": "string"
     },
     "detail": {
      "type": "string"
     },
     "field": {
      "type": "string"
     }
    }
   },
   "Me": {
    "type": "object",
    "required": [
     "signed_in",
     "user",
     "csrf_token"
    ],
    "properties": {
     "signed_in": {
      "type": "boolean"
     },
     "user": {
      "type": "object",
      "nullable": true,
      "properties": {
       "id": {
        "type": "integer"
       },
       "display_name": {
        "type": "string"
       },
       "email": {
        "type": "string"
       },
       "admin": {
        "type": "boolean"
       }
      }
     },
     "csrf_token": {
      "type": "string"
     }
    }
   },
   "Comment": {
    "type": "object",
    "properties": {
     "id": {
      "type": "integer"
     },
     "subject": {
      "type": "string"
     },
     "parent_id": {
      "type": "integer",
      "nullable": true
     },
     "thread_id": {
      "type": "integer"
     },
     "depth": {
      "type": "integer"
     },
     "author": {
      "type": "object",
      "properties": {
       "display_name": {
        "type": "string"
       },
       "deleted": {
        "type": "boolean"
       }
      }
     },
     "body": {
      "type": "string",
      "description": "CommonMark source; empty when deleted, or hidden and you are not an admin"
     },
     "body_html": {
      "type": "string",
      "description": "Safe HTML rendering of body (raw HTML dropped, links rel=nofollow noopener ugc, images as links)"
     },
     "created_at": {
      "type": "string"
     },
     "edited_at": {
      "type": "string",
      "nullable": true
     },
     "hidden": {
      "type": "boolean"
     },
     "deleted": {
      "type": "boolean"
     },
     "can_edit": {
      "type": "boolean"
     },
     "can_hide": {
      "type": "boolean",
      "description": "the visitor is an admin and the comment is not deleted: it may be hidden or restored"
     },
     "accepts_replies": {
      "type": "boolean",
      "description": "false for a deleted or hidden comment and for one nested as deep as replies go: a reply to it is refused"
     }
    }
   },
   "CommentPage": {
    "type": "object",
    "required": [
     "subject",
     "page",
     "per_page",
     "total_threads",
     "comments",
     "more_replies"
    ],
    "properties": {
     "subject": {
      "type": "string"
     },
     "page": {
      "type": "integer"
     },
     "per_page": {
      "type": "integer"
     },
     "total_threads": {
      "type": "integer"
     },
     "comments": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/Comment"
      }
     },
     "more_replies": {
      "type": "array",
      "description": "The threads of the page with replies beyond those listed",
      "items": {
       "type": "object",
       "properties": {
        "thread_id": {
         "type": "integer"
        },
        "count": {
         "type": "integer",
         "description": "Replies not listed"
        },
        "after": {
         "type": "integer",
         "description": "The thread's last listed comment: the after of the request for the rest"
        }
       }
      }
     }
    }
   },
   "ThreadReplies": {
    "type": "object",
    "required": [
     "subject",
     "thread",
     "after",
     "comments",
     "remaining"
    ],
    "properties": {
     "subject": {
      "type": "string"
     },
     "thread": {
      "type": "integer"
     },
     "after": {
      "type": "integer",
      "description": "As asked; 0 when not given"
     },
     "comments": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/Comment"
      }
     },
     "remaining": {
      "type": "integer",
      "description": "Replies of the thread after the last of these"
     }
    }
   },
   "Finding": {
    "type": "object",
    "properties": {
     "result_id": {
      "type": "string"
     },
     "kind": {
      "type": "string",
      "description": "e.g. thin_frontier, headline_outside_range, mixed_interactivity_basis, mixed_per_gpu_basis, p90_above_median"
     },
     "detail": {
      "type": "string"
     }
    }
   }
  },
  "parameters": {
   "model": {
    "description": "Model, e.g. DeepSeek-V4-Pro (aliases such as dsv4 accepted)",
    "in": "query",
    "name": "model",
    "required": false,
    "schema": {
     "type": "string"
    }
   },
   "model_required": {
    "description": "Model, e.g. DeepSeek-V4-Pro (aliases such as dsv4 accepted); a curve is of one model",
    "in": "query",
    "name": "model",
    "required": true,
    "schema": {
     "type": "string"
    }
   },
   "hardware": {
    "description": "GPU key, e.g. gb200",
    "in": "query",
    "name": "hardware",
    "required": false,
    "schema": {
     "type": "string"
    }
   },
   "framework": {
    "description": "Serving engine, e.g. vllm",
    "in": "query",
    "name": "framework",
    "required": false,
    "schema": {
     "type": "string"
    }
   },
   "precision": {
    "description": "Precision label, e.g. fp4",
    "in": "query",
    "name": "precision",
    "required": false,
    "schema": {
     "type": "string"
    }
   },
   "spec_method": {
    "description": "none, mtp or draft_model",
    "in": "query",
    "name": "spec_method",
    "required": false,
    "schema": {
     "type": "string"
    }
   },
   "disaggregated": {
    "description": "true or false",
    "in": "query",
    "name": "disaggregated",
    "required": false,
    "schema": {
     "type": "string"
    }
   },
   "date": {
    "description": "YYYY-MM-DD: only runs of this date",
    "in": "query",
    "name": "date",
    "required": false,
    "schema": {
     "type": "string"
    }
   },
   "as_of": {
    "description": "YYYY-MM-DD: the tracker as it stood that day",
    "in": "query",
    "name": "as_of",
    "required": false,
    "schema": {
     "type": "string"
    }
   },
   "id": {
    "in": "path",
    "name": "id",
    "required": true,
    "schema": {
     "minimum": 1,
     "type": "integer"
    }
   },
   "metric": {
    "description": "total, input or output",
    "in": "query",
    "name": "metric",
    "required": false,
    "schema": {
     "type": "string"
    }
   },
   "X_CSRF_Token": {
    "description": "The csrf_token of GET /me; a missing or wrong token is answered 403",
    "in": "header",
    "name": "X-CSRF-Token",
    "required": true,
    "schema": {
     "type": "string"
    }
   }
  },
  "responses": {
   "JsonAnswer": {
    "content": {
     "application/json": {}
    },
    "description": "JSON answer"
   },
   "Refused": {
    "content": {
     "application/json": {
      "schema": {
       "$ref": "#/components/schemas/Error"
      }
     }
    },
    "description": "Refused: {\"error\": code, \"detail\": text}"
   },
   "SignedIn": {
    "content": {
     "application/json": {
      "schema": {
       "$ref": "#/components/schemas/Me"
      }
     }
    },
    "description": "Who is signed in"
   },
   "RefusedWithField": {
    "content": {
     "application/json": {
      "schema": {
       "$ref": "#/components/schemas/Error"
      }
     }
    },
    "description": "Refused: {\"error\": code, \"detail\": text, \"field\": the field at fault}"
   },
   "Done": {
    "description": "Done"
   },
   "Comment": {
    "content": {
     "application/json": {
      "schema": {
       "$ref": "#/components/schemas/Comment"
      }
     }
    },
    "description": "The comment"
   },
   "NotModified": {
    "description": "Not modified: the If-None-Match ETag still holds"
   },
   "Unavailable": {
    "content": {
     "application/json": {
      "schema": {
       "$ref": "#/components/schemas/Error"
      }
     }
    },
    "description": "The database is busy with another writer (error busy, with Retry-After) or cannot be written (error read_only)"
   },
   "UnsupportedMediaType": {
    "content": {
     "application/json": {
      "schema": {
       "$ref": "#/components/schemas/Error"
      }
     }
    },
    "description": "A body sent in another type than application/json"
   }
  }
 }
})json";
  return k_document;
}

}  // namespace infertrack::server::api
