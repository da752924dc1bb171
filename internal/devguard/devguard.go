// Package devguard keeps the devnet for the developer at this machine. The devnet serves
// its dev accounts' private keys, a wallet that signs with them, and admin calls that mint,
// reset and rewrite the chain; none of it may be reachable by a web page on another site
// (cross-site requests) or by one whose DNS name was pointed at 127.0.0.1 (DNS rebinding).
//
// Two checks, both in front of the devnet's routes:
//   - Host: only loopback names (localhost, 127.0.0.0/8, [::1]) and the configured public
//     host are answered. A rebinding page talks to us under its own name, so its Host
//     gives it away.
//   - Origin: under /devnet/ a browser request from another origin (Sec-Fetch-Site, or
//     Origin when the browser sends no Sec-Fetch-Site) is refused, and a state-changing
//     request must carry JSON (a cross-site form or no-cors fetch cannot send
//     application/json without a preflight the devnet never grants). The node's faucet
//     mints coins on a GET, as Supra's does: it refuses other origins too.
//
// Clients that are not browsers (curl, the SDKs, Playwright's request fixture) send neither
// Origin nor Sec-Fetch-Site and keep working from loopback.
package devguard

import (
	"encoding/json"
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// Policy says which Host names the devnet answers besides loopback ones.
type Policy struct {
	// PublicHosts are host names (without port) the app is published under, e.g. the host
	// of --public-url.
	PublicHosts []string
	// AnyIP also answers any IP-literal Host. It is set when a non-loopback bind was
	// explicitly allowed, so the devnet can be reached at the machine's addresses. An IP
	// literal cannot be a rebinding name: the browser connects to exactly that address.
	AnyIP bool
}

// AdminPrefix is where the devnet's admin and dev wallet live.
const AdminPrefix = "/devnet/"

// FaucetPrefix is the node's faucet, the one RPC route that changes state without a
// signature.
const FaucetPrefix = "/rpc/v1/wallet/faucet/"

// Devnet guards a devnet handler: the Host check on every path, and the origin and
// content-type checks on AdminPrefix.
func (p Policy) Devnet(next http.Handler) http.Handler {
	admin := SameOrigin(next)
	return p.Hosts(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasPrefix(r.URL.Path, AdminPrefix):
			admin.ServeHTTP(w, r)
		case strings.HasPrefix(r.URL.Path, FaucetPrefix) && crossOrigin(r):
			refuseCrossSite(w)
		default:
			next.ServeHTTP(w, r)
		}
	}))
}

// Hosts refuses (403 host_not_allowed) a request whose Host the policy does not answer.
func (p Policy) Hosts(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !p.allowsHost(r.Host) {
			writeError(w, http.StatusForbidden, "host_not_allowed", fmt.Sprintf(
				"Host %q is not served: the devnet answers only localhost, 127.0.0.1, [::1] and the app's public host, so that no other site can reach its keys (DNS rebinding).",
				shorten(r.Host)))
			return
		}
		next.ServeHTTP(w, r)
	})
}

func (p Policy) allowsHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	if host == "" {
		return false
	}
	if IsLoopback(host) {
		return true
	}
	if p.AnyIP && net.ParseIP(host) != nil {
		return true
	}
	for _, h := range p.PublicHosts {
		if strings.EqualFold(strings.TrimSuffix(h, "."), host) {
			return true
		}
	}
	return false
}

// IsLoopback reports whether host (a name or IP, without port or brackets) is this machine
// only: localhost, 127.0.0.0/8 or ::1.
func IsLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// LoopbackAddr reports whether a listen address ("127.0.0.1:8080", ":8080",
// "0.0.0.0:8080") binds loopback only; an empty host binds every interface.
func LoopbackAddr(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	return IsLoopback(host)
}

// SameOrigin refuses a browser request made by a page of another origin (403
// cross_site_request) and a state-changing request whose body is not JSON (415
// unsupported_media_type).
func SameOrigin(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if crossOrigin(r) {
			refuseCrossSite(w)
			return
		}
		if changesState(r.Method) && !jsonBody(r) {
			writeError(w, http.StatusUnsupportedMediaType, "unsupported_media_type",
				"Send the body as JSON with Content-Type: application/json.")
			return
		}
		next.ServeHTTP(w, r)
	})
}

func refuseCrossSite(w http.ResponseWriter) {
	writeError(w, http.StatusForbidden, "cross_site_request",
		"Cross-site request refused: the devnet's admin, faucet and dev wallet answer only pages of this origin and local tools.")
}

// crossOrigin: Sec-Fetch-Site is set by the browser and cannot be forged by a page, so it
// decides when present ("none" is a typed URL or bookmark). Browsers without it still send
// Origin on cross-origin requests and on every POST. A request with neither is not a
// browser's cross-origin request.
func crossOrigin(r *http.Request) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "same-origin", "none":
		return false
	case "":
	default: // same-site, cross-site
		return true
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return false
	}
	u, err := url.Parse(origin)
	return err != nil || u.Host == "" || !strings.EqualFold(u.Host, r.Host)
}

func changesState(method string) bool {
	return method != http.MethodGet && method != http.MethodHead && method != http.MethodOptions
}

// jsonBody: a body must be declared application/json; an empty body without a Content-Type
// (curl -X POST, a bare POST /devnet/snapshot) carries nothing to misread.
func jsonBody(r *http.Request) bool {
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		return r.ContentLength == 0
	}
	mt, _, err := mime.ParseMediaType(ct)
	return err == nil && mt == "application/json"
}

func shorten(s string) string {
	if len(s) > 100 {
		return s[:100] + "…"
	}
	return s
}

func writeError(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]string{"code": code, "message": msg}})
}
