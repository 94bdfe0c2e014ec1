#!/usr/bin/env bash
# TEC's MCP server (.tec-mcp-server/, its PROVENANCE.md) installed from its own lockfile and built with its own build,
# each step only when its output is missing. Install scripts off: the one in its tree, esbuild's binary download,
# serves only its build:wp:angie script, which the server does not need. .ci/run runs this while the real TEC comes
# up; test/mcp/tec-mcp-server.ts runs it before starting the server (then a no-op, or the build of a local clone).
set -euo pipefail
cd "$(dirname "$0")/.tec-mcp-server"
[ -f node_modules/.package-lock.json ] || npm ci --ignore-scripts --no-audit --no-fund
[ -f dist/index.js ] || npm run build
