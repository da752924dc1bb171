package api_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"

	"github.com/luckycoin/lucky/internal/api"
)

// contract is the embedded OpenAPI document, ready to check responses against. env's
// serve hands it every response the API tests receive.
type contract struct {
	doc *openapi3.T
	// ops finds a request's operation by the same precedence rules as the route table
	// (both are http.ServeMux patterns).
	ops *http.ServeMux
	// checked counts the responses validated in this test binary, and byOp by operation;
	// TestMain reports them.
	checked atomic.Int64
	mu      sync.Mutex
	byOp    map[string]int
}

type operation struct{ route *routers.Route }

func (operation) ServeHTTP(http.ResponseWriter, *http.Request) {}

var contractOnce = sync.OnceValues(loadContract)

func loadContract() (*contract, error) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(api.OpenAPIDocument())
	if err != nil {
		return nil, fmt.Errorf("load openapi.json: %w", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("openapi.json is not a valid document: %w", err)
	}
	c := &contract{doc: doc, ops: http.NewServeMux(), byOp: map[string]int{}}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			c.ops.Handle(method+" "+path, operation{&routers.Route{Spec: doc, Path: path, PathItem: item, Method: method, Operation: op}})
		}
	}
	return c, nil
}

func mustContract(t testing.TB) *contract {
	t.Helper()
	c, err := contractOnce()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// validate checks one response against the operation the request names. documented is
// false for requests outside the document (an unknown path, a method the path lacks,
// /devnet and /rpc): the route table answers those with the error shape on its own.
func (c *contract) validate(req *http.Request, status int, header http.Header, body []byte) (documented bool, pattern string, err error) {
	h, pattern := c.ops.Handler(req)
	if pattern == "" {
		return false, "", nil
	}
	route := h.(operation).route
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, Route: route},
		Status:                 status,
		Header:                 header,
		Body:                   io.NopCloser(bytes.NewReader(body)),
		Options:                &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	return true, pattern, openapi3filter.ValidateResponse(req.Context(), in)
}

// check validates a response the tests received and fails the test when the document
// does not describe it.
func (c *contract) check(t testing.TB, req *http.Request, rec *httptest.ResponseRecorder) {
	t.Helper()
	body := rec.Body.Bytes()
	// What a client reads is the decompressed body; a body that does not decompress is
	// checked as sent (and refused).
	switch rec.Header().Get("Content-Encoding") {
	case "gzip":
		if zr, err := gzip.NewReader(bytes.NewReader(body)); err == nil {
			if plain, err := io.ReadAll(zr); err == nil {
				body = plain
			}
		}
	case "br":
		if plain, err := io.ReadAll(brotli.NewReader(bytes.NewReader(body))); err == nil {
			body = plain
		}
	}
	documented, pattern, err := c.validate(req, rec.Code, rec.Header(), body)
	if !documented {
		return
	}
	c.checked.Add(1)
	c.mu.Lock()
	c.byOp[pattern]++
	c.mu.Unlock()
	if err != nil {
		body := rec.Body.String()
		if len(body) > 600 {
			body = body[:600] + "…"
		}
		t.Errorf("%s %s: %d response is not what openapi.json says: %v\nbody: %s", req.Method, req.URL, rec.Code, err, body)
	}
}

func TestMain(m *testing.M) {
	code := m.Run()
	if c, err := contractOnce(); err == nil && c.checked.Load() > 0 {
		fmt.Printf("openapi.json: %d responses of the API tests validated against the contract\n", c.checked.Load())
		c.mu.Lock()
		var none []string
		for path, item := range c.doc.Paths.Map() {
			for method := range item.Operations() {
				if c.byOp[method+" "+path] == 0 {
					none = append(none, method+" "+path)
				}
			}
		}
		c.mu.Unlock()
		sort.Strings(none)
		fmt.Printf("openapi.json: operations no API test reached: %v\n", none)
	}
	os.Exit(code)
}

// The check can fail: a field the document does not name, a required field missing, a
// number where the contract says decimal string, and a wrong error shape are refused.
func TestContractRefusesUndocumentedShapes(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	c := mustContract(t)
	get := func(path string) (*http.Request, *httptest.ResponseRecorder, map[string]any) {
		req := httptest.NewRequest("GET", path, nil)
		req.Host = "127.0.0.1:8080"
		rec := httptest.NewRecorder()
		e.h.ServeHTTP(rec, req)
		var m map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		return req, rec, m
	}
	addr := e.addr(0).String()
	balReq, balRec, bal := get("/api/v1/accounts/" + addr + "/balances")
	if ok, _, err := c.validate(balReq, balRec.Code, balRec.Header(), balRec.Body.Bytes()); !ok || err != nil {
		t.Fatalf("the real balances answer must validate: documented %v, %v", ok, err)
	}
	_, cfgRec, _ := get("/api/v1/config")
	notFoundReq, notFoundRec, notFound := get("/api/v1/burns/0xzz")
	if notFoundRec.Code != http.StatusBadRequest {
		t.Fatalf("bad hash: %d %v", notFoundRec.Code, notFound)
	}
	mutate := func(m map[string]any, f func(map[string]any)) []byte {
		var cp map[string]any
		b, _ := json.Marshal(m)
		_ = json.Unmarshal(b, &cp)
		f(cp)
		out, _ := json.Marshal(cp)
		return out
	}
	firstBalance := func(m map[string]any) map[string]any { return m["balances"].([]any)[0].(map[string]any) }
	cases := []struct {
		name   string
		req    *http.Request
		status int
		body   []byte
		want   string
	}{
		{"an extra top-level field", balReq, 200, mutate(bal, func(m map[string]any) { m["usdValue"] = "1" }), "usdValue"},
		{"an extra nested field", balReq, 200, mutate(bal, func(m map[string]any) { firstBalance(m)["price"] = "1" }), "price"},
		{"a required field missing", balReq, 200, mutate(bal, func(m map[string]any) { delete(firstBalance(m), "decimals") }), "decimals"},
		{"an amount as a JSON number", balReq, 200, mutate(bal, func(m map[string]any) { firstBalance(m)["amount"] = 1500000 }), "amount"},
		{"an amount with a fraction", balReq, 200, mutate(bal, func(m map[string]any) { firstBalance(m)["amount"] = "1.5" }), "amount"},
		{"another route's shape", balReq, 200, cfgRec.Body.Bytes(), "address"},
		{"an error outside the one shape", notFoundReq, 400, []byte(`{"error":"invalid hash"}`), "error"},
		{"an error with an extra field", notFoundReq, 400,
			mutate(notFound, func(m map[string]any) { m["error"].(map[string]any)["detail"] = "x" }), "detail"},
		{"a status the route never answers", balReq, 302, balRec.Body.Bytes(), "status"},
	}
	for _, tc := range cases {
		documented, _, err := c.validate(tc.req, tc.status, balRec.Header(), tc.body)
		if !documented || err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: documented %v, err %v; want an error naming %q", tc.name, documented, err, tc.want)
		}
	}
}

// The document itself: valid OpenAPI 3.1, every operation answers the one error shape for
// 4XX and 5XX, every response body schema is a named component, and every object schema
// with fixed fields refuses fields it does not name.
func TestOpenAPIDocumentIsStrict(t *testing.T) {
	t.Parallel()
	c := mustContract(t)
	if c.doc.OpenAPI != "3.1.0" {
		t.Errorf("openapi = %q, want 3.1.0", c.doc.OpenAPI)
	}
	var ops int
	for path, item := range c.doc.Paths.Map() {
		if !strings.HasPrefix(path, "/api/v1/") {
			t.Errorf("path %s is outside /api/v1", path)
		}
		for method, op := range item.Operations() {
			ops++
			for _, st := range []string{"4XX", "5XX"} {
				r := op.Responses.Value(st)
				if r == nil || r.Ref != "#/components/responses/Error" {
					t.Errorf("%s %s: %s is not the one error shape", method, path, st)
				}
			}
			if op.Responses.Value("200") == nil {
				t.Errorf("%s %s: no 200 response", method, path)
			}
		}
	}
	var open []string
	var walk func(name string, s *openapi3.Schema)
	walk = func(name string, s *openapi3.Schema) {
		if s.Type.Is("object") && len(s.Properties) > 0 && (s.AdditionalProperties.Has == nil || *s.AdditionalProperties.Has) {
			open = append(open, name)
		}
		for field, p := range s.Properties {
			if p.Ref == "" { // named schemas are walked on their own
				walk(name+"."+field, p.Value)
			}
		}
	}
	for name, s := range c.doc.Components.Schemas {
		walk(name, s.Value)
	}
	sort.Strings(open)
	// TxDecoded grows with the contracts (its keys are decoders); the request bodies are
	// what clients send, where unknown fields are ignored.
	want := []string{"BuildTxRequest", "BurnBuildRequest", "MinerClaimRequest", "MinerPurchaseRequest",
		"SpinBuildRequest", "StakeRequest", "StakingSenderRequest", "SwapBuildRequest", "SwapQuoteRequest", "TxDecoded",
		"UnstakeRequest"}
	if strings.Join(open, ",") != strings.Join(want, ",") {
		t.Errorf("object schemas open to unnamed fields: %v, want only %v", open, want)
	}
	t.Logf("openapi.json: %d paths, %d operations, %d component schemas", c.doc.Paths.Len(), ops, len(c.doc.Components.Schemas))
}
