package server

import (
	"log/slog"
	"net/http"
	"strings"

	"github.com/luckycoin/lucky/internal/api"
)

// probeMethods are the methods a 405's Allow header can name.
var probeMethods = []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}

// allowedMethods lists the methods the route table serves r's path with through a route
// that names its method. The method-less catch-alls (/api/, /) match every method, so
// ServeMux itself never answers 405 here: without this the wrong method on an API route
// would read as an unknown endpoint.
func allowedMethods(mux *http.ServeMux, r *http.Request) []string {
	var out []string
	for _, m := range probeMethods {
		if m == r.Method {
			continue
		}
		probe := &http.Request{Method: m, URL: r.URL, Host: r.Host, Header: http.Header{}}
		if _, pattern := mux.Handler(probe); patternHasMethod(pattern) {
			out = append(out, m)
		}
	}
	return out
}

func patternHasMethod(pattern string) bool {
	method, _, found := strings.Cut(pattern, " ")
	return found && method != "" && strings.ToUpper(method) == method && !strings.Contains(method, "/")
}

// methodNotAllowed answers 405 in the one error shape with the Allow header.
func methodNotAllowed(w http.ResponseWriter, r *http.Request, allow []string) {
	w.Header().Set("Allow", strings.Join(allow, ", "))
	api.WriteError(w, r, slog.New(slog.DiscardHandler), http.StatusMethodNotAllowed, api.CodeMethod,
		"Method "+r.Method+" is not allowed here; use "+strings.Join(allow, " or ")+".")
}

// apiFallback answers /api/ requests no route took: 405 when the path exists under
// another method, else 404.
func apiFallback(mux *http.ServeMux, log *slog.Logger) http.HandlerFunc {
	notFound := api.NotFound(log)
	return func(w http.ResponseWriter, r *http.Request) {
		if allow := allowedMethods(mux, r); len(allow) > 0 {
			methodNotAllowed(w, r, allow)
			return
		}
		notFound(w, r)
	}
}
