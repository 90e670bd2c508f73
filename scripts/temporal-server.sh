#!/usr/bin/env bash
# Builds the self-hosted Temporal server (TEMPORAL_MODE=server, docs/deploy.md) from its Go module, as
# .ci/run builds the CLI: the server, its SQL schema tool and the Web UI server with CGO off, cached outside the repository
# in <cache>/temporal-server-<version>/{bin,schema}. The version is the one the Temporal CLI 1.5.1
# (our dev server) requires in its go.mod, so both modes run the same server code. The PostgreSQL
# schema files are copied from that module version in Go's module cache, so a later `go clean
# -modcache` does not take them away. Does nothing when the binaries are there already.
# `--no-ui`: the server and its SQL tool only (CI: tests/scale needs no Web UI, whose build takes minutes).
set -euo pipefail

WITH_UI=1
[ "${1:-}" = "--no-ui" ] && WITH_UI=0
VERSION=1.29.1
# the Web UI server the CLI 1.5.1 embeds in its dev server (its go.mod), run beside the server
UI_VERSION=2.42.1
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/plaudit"
DEST="$CACHE/temporal-server-$VERSION"

if [ -x "$DEST/bin/temporal-server" ] && [ -x "$DEST/bin/temporal-sql-tool" ] && { [ "$WITH_UI" = 0 ] || [ -x "$DEST/bin/temporal-ui-server" ]; } && [ -d "$DEST/schema/postgresql/v12/visibility" ]; then
  echo "$DEST"
  exit 0
fi

mkdir -p "$DEST/bin" "$DEST/schema/postgresql"
# `go install` names a binary after its folder (server, sql): each goes through a folder of its own,
# then takes the name Temporal's own images give it.
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
started=$SECONDS
# -ldflags -s -w: no symbol table or DWARF (about a third smaller; stack traces keep their names)
if [ ! -x "$DEST/bin/temporal-server" ] || [ ! -x "$DEST/bin/temporal-sql-tool" ]; then
  (cd /tmp && CGO_ENABLED=0 GOBIN="$tmp/server" go install -ldflags "-s -w" "go.temporal.io/server/cmd/server@v$VERSION")
  (cd /tmp && CGO_ENABLED=0 GOBIN="$tmp/sql" go install -ldflags "-s -w" "go.temporal.io/server/cmd/tools/sql@v$VERSION")
  mv "$tmp/server/server" "$DEST/bin/temporal-server"
  mv "$tmp/sql/sql" "$DEST/bin/temporal-sql-tool"
  echo "built the Temporal server v$VERSION in $((SECONDS - started)) s" >&2
fi
if [ "$WITH_UI" = 1 ] && [ ! -x "$DEST/bin/temporal-ui-server" ]; then
  started=$SECONDS
  (cd /tmp && CGO_ENABLED=0 GOBIN="$tmp/ui" go install -ldflags "-s -w" "github.com/temporalio/ui-server/v2/cmd/server@v$UI_VERSION")
  mv "$tmp/ui/server" "$DEST/bin/temporal-ui-server"
  echo "built the Temporal UI server v$UI_VERSION in $((SECONDS - started)) s" >&2
fi

module_dir="$(cd /tmp && go mod download -json "go.temporal.io/server@v$VERSION" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')"
rm -rf "$DEST/schema/postgresql/v12"
cp -R "$module_dir/schema/postgresql/v12" "$DEST/schema/postgresql/v12"
chmod -R u+w "$DEST/schema"
echo "$DEST"
