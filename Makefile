# The two commands a newcomer needs: `make run` and `make test`. Both work on a fresh
# machine with Go, Node 20 and apt; they install what they need.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
BIN := bin/lucky
CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
E2E_PORT ?= 18080
LH_PORT ?= 18090
# The Go packages. go.mod ignores web/node_modules, where an npm package (flatted, under
# ESLint) ships Go sources of its own, so ./... is only ours.
GO_PKGS := ./...
# golangci-lint, built once from the Go module proxy into a cache that outlives a clone.
GOLANGCI_VERSION := v2.15.0
GOLANGCI := $(HOME)/.cache/lucky-tools/golangci-lint-$(GOLANGCI_VERSION)/golangci-lint
DEV_ADDR ?= 127.0.0.1:8080
DEV_PORT ?= 5173

.PHONY: bench-indexer soak run dev build web lint test vet test-go test-web test-sdk test-e2e chromium lighthouse bench clean

## run: install, build, and serve the app on devnet at http://127.0.0.1:8080/, with simulated
## traders, players and burners keeping its market alive (about one transaction a second)
run: build
	./$(BIN) serve --simulate

## build: the web app (when its sources changed), then the Go binary that embeds it (Go's
## build cache makes an unchanged one take a second)
build: web
	go build -trimpath -o $(BIN) ./cmd/lucky

web/node_modules/.package-lock.json: web/package-lock.json
	npm ci --prefix web --no-audit --no-fund

web: web/dist/index.html

# What the web build reads. It is redone only when one of these is newer than the last
# build, so `make run` on an unchanged tree starts at once, and lint's size budget always
# measures the current sources.
WEB_INPUTS := $(shell find web/src web/public -type f) web/index.html web/vite.config.ts \
	web/package.json web/tsconfig.json web/tsconfig.app.json web/tsconfig.node.json \
	$(wildcard web/scripts/*.mjs)

web/dist/index.html: web/node_modules/.package-lock.json $(WEB_INPUTS)
	npm run --prefix web build

## dev: the Go binary (API, devnet, dev wallet) and Vite's dev server with hot reload at
## http://127.0.0.1:5173/; Vite proxies /api, /rpc, /devnet and /healthz to the binary
dev: web/dist/index.html
	go build -trimpath -o $(BIN) ./cmd/lucky
	@./$(BIN) serve --addr $(DEV_ADDR) & pid=$$!; \
	trap "kill $$pid 2>/dev/null" EXIT; \
	for i in $$(seq 100); do curl -sf http://$(DEV_ADDR)/healthz >/dev/null && break; sleep 0.1; done; \
	LUCKY_DEV_API=http://$(DEV_ADDR) npm run --prefix web dev -- --port $(DEV_PORT) --strictPort

$(GOLANGCI):
	GOBIN=$(dir $@) go install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$(GOLANGCI_VERSION)

## lint: gofmt, go vet, golangci-lint, ESLint (feature boundaries, hooks, no barrels), the TypeScript compiler, each
## route's first-load JavaScript against its budget, and the web's API types generated from the server's OpenAPI
## contract (stale: fail)
lint: web/dist/index.html $(GOLANGCI)
	@out=$$(find . -name '*.go' -not -path './.git/*' -not -path '*/node_modules/*' -print0 | xargs -0 gofmt -l); \
	if [ -n "$$out" ]; then echo "gofmt -l: these files need gofmt:"; echo "$$out"; exit 1; fi
	go vet $(GO_PKGS)
	$(GOLANGCI) run $(GO_PKGS)
	npm run --prefix web lint
	npm run --prefix web typecheck
	npm run --prefix web size
	@tmp=$$(mktemp); trap 'rm -f "$$tmp"' EXIT; node web/scripts/gen-api.mjs "$$tmp"; \
	if ! diff -q web/src/types/api.gen.ts "$$tmp" >/dev/null; then \
		echo "web/src/types/api.gen.ts is stale: internal/api/openapi.json changed; run npm run --prefix web gen:api"; exit 1; fi

## test: everything: lint first (gofmt, vet, ESLint, types), then Go (race), web (unit), the
## official SDK against the devnet, e2e in Chromium
test: lint
	$(MAKE) chromium build test-go test-web test-sdk test-e2e

vet:
	go vet $(GO_PKGS)

## test-go: the Go suite; the store tests start their own throwaway PostgreSQL cluster (installed from apt when missing)
test-go:
	scripts/ensure-postgres.sh
	go test -race -count=1 $(GO_PKGS)

test-web:
	npm run --prefix web typecheck
	npm run --prefix web test

tests/sdk/node_modules/.package-lock.json: tests/sdk/package-lock.json
	npm ci --prefix tests/sdk --no-audit --no-fund

test-sdk: tests/sdk/node_modules/.package-lock.json
	cd tests/sdk && LUCKY_BIN=../../$(BIN) node --test

test-e2e:
	E2E_PORT=$(E2E_PORT) npm run --prefix web e2e

chromium:
	@test -x $(CHROMIUM) || ($(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium)

## lighthouse: Lighthouse (mobile, Debian Chromium) 3 times on /, /swap, /stats, /slots and /burn of the binary, with a
## bare Vite + React page as the control: the medians (bench/lighthouse.sh)
lighthouse: chromium build
	LH_PORT=$(LH_PORT) bench/lighthouse.sh

## bench: Go benchmarks (devnet throughput, views)
bench:
	go test -run '^$$' -bench . -benchmem $(GO_PKGS)

## soak: lucky serve on devnet under the simulator (SOAK_DURATION=10m, SOAK_RATE=20 tx/s) and API readers;
## fails on a conservation break, index ≠ chain, a 5xx or memory growth (bench/soak.sh; not part of test).
## SOAK_LONG=1: until 100,000 transactions, RSS at start, after 10,000 and after 100,000 (ceiling: +20 %)
soak:
	bench/soak.sh

## bench-indexer: fill a devnet with 100,000 events, time a cold backfill into SQLite, read p50s
bench-indexer:
	bench/indexer.sh

clean:
	rm -rf bin web/dist
