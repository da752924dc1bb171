package server

import (
	"bytes"
	"context"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/luckycoin/lucky/internal/api"
)

// apiRoutes reads the /api/v1 patterns ("GET /api/v1/…") of the route table from its
// source: every string literal that opens a mux.Handle or mux.HandleFunc call.
func apiRoutes(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "routes.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || (sel.Sel.Name != "Handle" && sel.Sel.Name != "HandleFunc") {
			return true
		}
		lit, ok := call.Args[0].(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		pattern, err := strconv.Unquote(lit.Value)
		if err != nil {
			t.Fatal(err)
		}
		if _, path, _ := strings.Cut(pattern, " "); strings.HasPrefix(path, "/api/v1/") {
			out = append(out, pattern)
		}
		return true
	})
	slices.Sort(out)
	return out
}

// documentedRoutes lists the operations of openapi.json as route patterns.
func documentedRoutes(t *testing.T) []string {
	t.Helper()
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(api.OpenAPIDocument(), &doc); err != nil {
		t.Fatal(err)
	}
	var out []string
	for path, item := range doc.Paths {
		for method := range item {
			switch method {
			case "get", "post", "put", "patch", "delete", "head", "options":
				out = append(out, strings.ToUpper(method)+" "+path)
			}
		}
	}
	slices.Sort(out)
	return out
}

// The contract and the route table name the same /api/v1 routes: a route added without
// its description, or a description of a route that is gone, fails here.
func TestOpenAPIDocumentsEveryRoute(t *testing.T) {
	routes, documented := apiRoutes(t), documentedRoutes(t)
	if len(routes) < 25 {
		t.Fatalf("found only %d /api/v1 routes in routes.go: %v", len(routes), routes)
	}
	for _, r := range routes {
		if !slices.Contains(documented, r) {
			t.Errorf("route %q is not in openapi.json", r)
		}
	}
	for _, d := range documented {
		if !slices.Contains(routes, d) {
			t.Errorf("openapi.json describes %q, which the route table does not serve", d)
		}
	}
	if !t.Failed() {
		t.Logf("%d /api/v1 routes, all documented", len(routes))
	}
}

// The document is served as it is embedded, parses as OpenAPI 3.1, and revalidates with
// its ETag for free.
func TestOpenAPIServed(t *testing.T) {
	h := testServer(t, "mainnet", nil)
	res := get(h, "/api/v1/openapi.json")
	got := body(t, res)
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("status %d, content type %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	if !bytes.Equal([]byte(got), api.OpenAPIDocument()) {
		t.Fatal("served document differs from the embedded one")
	}
	doc, err := openapi3.NewLoader().LoadFromData([]byte(got))
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("invalid OpenAPI document: %v", err)
	}
	if !doc.IsOpenAPI31OrLater() {
		t.Errorf("openapi = %q, want 3.1", doc.OpenAPI)
	}
	etag := res.Header.Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	if again := get(h, "/api/v1/openapi.json", "If-None-Match", etag); again.StatusCode != http.StatusNotModified {
		t.Errorf("If-None-Match: status %d, want 304", again.StatusCode)
	}
}
