package server

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/tokens"
	"log/slog"
)

// tablePatterns reads every "METHOD /path" pattern of the route table (routes.go), so a
// route added later is covered without touching this test.
func tablePatterns(t *testing.T) [][2]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "routes.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`^(GET|POST|PUT|PATCH|DELETE) (/.*)$`)
	var out [][2]string
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			s, _ := strconv.Unquote(lit.Value)
			if m := re.FindStringSubmatch(s); m != nil {
				out = append(out, [2]string{m[1], m[2]})
			}
		}
		return true
	})
	if len(out) < 30 {
		t.Fatalf("only %d routes found in routes.go", len(out))
	}
	return out
}

// concrete fills a pattern's wildcards with values its handler would accept.
func concrete(pattern string) string {
	r := strings.NewReplacer(
		"{address}", "0x1",
		"{hash}", "0x"+strings.Repeat("ab", 32),
	)
	p := r.Replace(pattern)
	if strings.HasSuffix(p, "/") && p != "/" {
		p += "x.js"
	}
	return p
}

// Every route of the table, asked with a method it does not serve, answers 405 in the one
// error shape and names the method it does serve in Allow.
func TestWrongMethodIs405JSON(t *testing.T) {
	h := testServer(t, config.Mainnet, nil)
	routes := tablePatterns(t)
	// Which pattern takes a request, to skip a "wrong" method another route serves (GET
	// /api/v1/tx/build is GET /api/v1/tx/{hash}).
	table := http.NewServeMux()
	for _, rt := range routes {
		table.HandleFunc(rt[0]+" "+rt[1], func(http.ResponseWriter, *http.Request) {})
	}
	for _, rt := range routes {
		method, pattern := rt[0], rt[1]
		wrong := []string{http.MethodDelete, http.MethodPut}
		if method == http.MethodGet {
			wrong = append(wrong, http.MethodPost)
		} else {
			wrong = append(wrong, http.MethodGet)
		}
		for _, m := range wrong {
			path := concrete(pattern)
			if _, p := table.Handler(httptest.NewRequest(m, path, nil)); p != "" {
				continue
			}
			t.Run(m+" "+path, func(t *testing.T) {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest(m, path, strings.NewReader("{}")))
				res := rec.Result()
				if res.StatusCode != http.StatusMethodNotAllowed {
					t.Fatalf("status %d, want 405: %s", res.StatusCode, body(t, res))
				}
				var got struct {
					Error struct{ Code, Message string }
				}
				if err := json.Unmarshal([]byte(body(t, res)), &got); err != nil || got.Error.Code != api.CodeMethod || got.Error.Message == "" {
					t.Fatalf("body %+v (%v), want code method_not_allowed", got, err)
				}
				allow := strings.Split(res.Header.Get("Allow"), ", ")
				want := method
				found := false
				for _, a := range allow {
					found = found || a == want
					if a == m {
						t.Fatalf("Allow %q names the refused method", allow)
					}
				}
				if !found {
					t.Fatalf("Allow %q lacks %s", allow, want)
				}
			})
		}
	}
	// An unknown API path stays 404.
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/api/v1/nope", nil))
	if rec.Code != http.StatusNotFound {
		t.Fatalf("unknown path: %d", rec.Code)
	}
}

// HSTS is sent when the public URL is https, and only then.
func TestHSTSOnlyForHTTPSPublicURL(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	n, _ := config.Lookup(config.Mainnet)
	reg, err := tokens.Load(log)
	if err != nil {
		t.Fatal(err)
	}
	web := fstest.MapFS{"index.html": {Data: []byte(indexHTML)}}
	for _, c := range []struct {
		url  string
		want bool
	}{{"https://lucky.example", true}, {"HTTPS://lucky.example/", true}, {"http://127.0.0.1:8080", false}, {"", false}} {
		h, err := New(Options{Network: n, Web: web, API: api.New(api.Deps{Network: n, Tokens: reg, Log: log}), PublicURL: c.url, Log: log})
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range []string{"/", "/api/v1/config", "/api/v1/nope"} {
			got := get(h, path).Header.Get("Strict-Transport-Security")
			if (got != "") != c.want || (c.want && !strings.HasPrefix(got, "max-age=")) {
				t.Errorf("public URL %q, %s: Strict-Transport-Security %q", c.url, path, got)
			}
		}
	}
}
