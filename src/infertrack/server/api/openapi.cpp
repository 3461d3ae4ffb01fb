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
  "description": "LLM inference benchmark points, Pareto frontiers, interpolation at a target interactivity and capacity plans. Every answer is the JSON the CLI prints with --json."
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
      "name": "model",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Model, e.g. DeepSeek-V4-Pro (aliases such as dsv4 accepted)"
     },
     {
      "name": "hardware",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "GPU key, e.g. gb200"
     },
     {
      "name": "framework",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Serving engine, e.g. vllm"
     },
     {
      "name": "precision",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Precision label, e.g. fp4"
     },
     {
      "name": "spec_method",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "none, mtp or draft_model"
     },
     {
      "name": "disaggregated",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "true or false"
     },
     {
      "name": "date",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "YYYY-MM-DD: only runs of this date"
     },
     {
      "name": "as_of",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "YYYY-MM-DD: the tracker as it stood that day"
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
      "description": "JSON answer",
      "content": {
       "application/json": {}
      }
     },
     "400": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "404": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "405": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     }
    }
   }
  },
  "/availability": {
   "get": {
    "summary": "Which model, sequence, precision, hardware, framework, spec method, disaggregation and date combinations are stored",
    "parameters": [
     {
      "name": "model",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Model, e.g. DeepSeek-V4-Pro (aliases such as dsv4 accepted)"
     },
     {
      "name": "hardware",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "GPU key, e.g. gb200"
     },
     {
      "name": "framework",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Serving engine, e.g. vllm"
     },
     {
      "name": "precision",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Precision label, e.g. fp4"
     },
     {
      "name": "spec_method",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "none, mtp or draft_model"
     },
     {
      "name": "disaggregated",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "true or false"
     },
     {
      "name": "date",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "YYYY-MM-DD: only runs of this date"
     },
     {
      "name": "as_of",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "YYYY-MM-DD: the tracker as it stood that day"
     }
    ],
    "responses": {
     "200": {
      "description": "JSON answer",
      "content": {
       "application/json": {}
      }
     },
     "400": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "404": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "405": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     }
    }
   }
  },
  "/points": {
   "get": {
    "summary": "Stored points with provenance",
    "parameters": [
     {
      "name": "model",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Model, e.g. DeepSeek-V4-Pro (aliases such as dsv4 accepted)"
     },
     {
      "name": "hardware",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "GPU key, e.g. gb200"
     },
     {
      "name": "framework",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Serving engine, e.g. vllm"
     },
     {
      "name": "precision",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Precision label, e.g. fp4"
     },
     {
      "name": "spec_method",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "none, mtp or draft_model"
     },
     {
      "name": "disaggregated",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "true or false"
     },
     {
      "name": "date",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "YYYY-MM-DD: only runs of this date"
     },
     {
      "name": "as_of",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "YYYY-MM-DD: the tracker as it stood that day"
     }
    ],
    "responses": {
     "200": {
      "description": "JSON answer",
      "content": {
       "application/json": {}
      }
     },
     "400": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "404": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "405": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
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
     "404": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     }
    }
   }
  },
  "/frontier": {
   "get": {
    "summary": "Per configuration: the Pareto frontier knots, spline samples for drawing, and every point of the run",
    "parameters": [
     {
      "name": "model",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Model, e.g. DeepSeek-V4-Pro (aliases such as dsv4 accepted)"
     },
     {
      "name": "hardware",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "GPU key, e.g. gb200"
     },
     {
      "name": "framework",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Serving engine, e.g. vllm"
     },
     {
      "name": "precision",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Precision label, e.g. fp4"
     },
     {
      "name": "spec_method",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "none, mtp or draft_model"
     },
     {
      "name": "disaggregated",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "true or false"
     },
     {
      "name": "date",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "YYYY-MM-DD: only runs of this date"
     },
     {
      "name": "as_of",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "YYYY-MM-DD: the tracker as it stood that day"
     },
     {
      "name": "x",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "auto (P90 where the run has it, else median), p90 or median"
     },
     {
      "name": "metric",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "total, input or output"
     }
    ],
    "responses": {
     "200": {
      "description": "JSON answer",
      "content": {
       "application/json": {}
      }
     },
     "400": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "404": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "405": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     }
    }
   }
  },
  "/interpolate": {
   "get": {
    "summary": "Throughput per GPU of each configuration at a target interactivity, with the state (exact, interpolated, clamped_low, unreachable) and bracketing result ids, beside the published headlines",
    "parameters": [
     {
      "name": "model",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Model, e.g. DeepSeek-V4-Pro (aliases such as dsv4 accepted)"
     },
     {
      "name": "hardware",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "GPU key, e.g. gb200"
     },
     {
      "name": "framework",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Serving engine, e.g. vllm"
     },
     {
      "name": "precision",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Precision label, e.g. fp4"
     },
     {
      "name": "spec_method",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "none, mtp or draft_model"
     },
     {
      "name": "disaggregated",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "true or false"
     },
     {
      "name": "date",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "YYYY-MM-DD: only runs of this date"
     },
     {
      "name": "as_of",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "YYYY-MM-DD: the tracker as it stood that day"
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
      "description": "auto, p90 or median"
     },
     {
      "name": "metric",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "total, input or output"
     }
    ],
    "responses": {
     "200": {
      "description": "JSON answer",
      "content": {
       "application/json": {}
      }
     },
     "400": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "404": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "405": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     }
    }
   }
  },
  "/history": {
   "get": {
    "summary": "Performance over time: each configuration's throughput per GPU at a target interactivity, one value per run date read off that run's own frontier (never stitched), with days since launch, state, brackets, gaps (unreachable, with the reason) and improvement factors",
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
      "name": "hardware",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "GPU key, e.g. mi355x"
     },
     {
      "name": "framework",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Serving engine, e.g. sglang"
     },
     {
      "name": "precision",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Precision label, e.g. fp4"
     },
     {
      "name": "spec_method",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "none, mtp or draft_model"
     },
     {
      "name": "disaggregated",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "true or false"
     },
     {
      "name": "date",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "YYYY-MM-DD: only runs of this date"
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
      "description": "auto, p90 or median (auto: P90 when every run of the configuration has it)"
     },
     {
      "name": "metric",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "total, input or output"
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
     }
    ],
    "responses": {
     "200": {
      "description": "JSON answer",
      "content": {
       "application/json": {}
      }
     },
     "400": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "404": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "405": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     }
    }
   }
  },
  "/plan": {
   "get": {
    "summary": "Groups, racks, $/day and MW for a daily token demand",
    "parameters": [
     {
      "name": "model",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Model, e.g. DeepSeek-V4-Pro (aliases such as dsv4 accepted)"
     },
     {
      "name": "hardware",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "GPU key, e.g. gb200"
     },
     {
      "name": "framework",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Serving engine, e.g. vllm"
     },
     {
      "name": "precision",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "Precision label, e.g. fp4"
     },
     {
      "name": "spec_method",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "none, mtp or draft_model"
     },
     {
      "name": "disaggregated",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "true or false"
     },
     {
      "name": "date",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "YYYY-MM-DD: only runs of this date"
     },
     {
      "name": "as_of",
      "in": "query",
      "required": false,
      "schema": {
       "type": "string"
      },
      "description": "YYYY-MM-DD: the tracker as it stood that day"
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
      "description": "A preset key (instead of demand)"
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
       "type": "number"
      },
      "description": "Override $/GPU-hour"
     },
     {
      "name": "kw_per_gpu",
      "in": "query",
      "required": false,
      "schema": {
       "type": "number"
      },
      "description": "Override all-in kW per GPU"
     },
     {
      "name": "gpus_per_rack",
      "in": "query",
      "required": false,
      "schema": {
       "type": "integer"
      },
      "description": "Override GPUs per rack"
     }
    ],
    "responses": {
     "200": {
      "description": "JSON answer",
      "content": {
       "application/json": {}
      }
     },
     "400": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "404": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "405": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     }
    }
   }
  },
  "/hardware": {
   "get": {
    "summary": "Dated cost and power figures per hardware, with sources",
    "parameters": [],
    "responses": {
     "200": {
      "description": "JSON answer",
      "content": {
       "application/json": {}
      }
     },
     "400": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "404": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "405": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
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
      "description": "JSON answer",
      "content": {
       "application/json": {}
      }
     },
     "400": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "404": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "405": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
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
      "description": "JSON answer",
      "content": {
       "application/json": {}
      }
     },
     "400": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "404": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "405": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
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
      "description": "JSON answer",
      "content": {
       "application/json": {}
      }
     },
     "400": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "404": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "405": {
      "description": "Refused: {\"error\": code, \"detail\": text}",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
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
     }
    }
   }
  }
 }
})json";
  return k_document;
}

}  // namespace infertrack::server::api
