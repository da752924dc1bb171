package server

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/luckycoin/lucky/internal/api"
)

// spa serves the built React app: hashed assets forever-cached, other public files briefly
// cached, and index.html for every client route, carrying that route's first screen (a route
// with a fixed path) or its own preload links.
type spa struct {
	files   fs.FS
	shell   page            // index.html with the head scripts added, for paths no route names
	pages   map[string]page // by route pattern: the route's first screen or modulepreload links
	routes  *http.ServeMux  // matches a path to its route pattern (its handlers are never called)
	modTime time.Time
}

// page is one route's HTML, ready to send as is or gzipped.
type page struct{ html, gzip []byte }

func newPage(html []byte) page {
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	_, _ = zw.Write(html)
	_ = zw.Close()
	return page{html: html, gzip: gz.Bytes()}
}

// prerenderedFile holds the routes' first screens, rendered at build time
// (web/scripts/prerender.mjs), and the page they go in: index.html with its app script
// replaced by the boot script, which loads the app once the screen is painted.
const prerenderedFile = "prerendered.json"

type prerendered struct {
	Page    string            `json:"page"`
	Entry   string            `json:"entry"`   // the app's entry module, taken out of Page
	Imports []string          `json:"imports"` // its modulepreload links, taken out of Page
	Screens map[string]string `json:"screens"` // by route pattern
}

// rootElement is where index.html's app mounts; a prerendered screen goes inside it.
const rootElement = `<div id="root"></div>`

// routePreloadsFile lists, for each client route, the scripts its first screen needs beyond
// the entry's (web/scripts/route-preloads.mjs writes it from Vite's manifest at build time).
const routePreloadsFile = "route-preloads.json"

type routePreloads struct {
	Routes []struct {
		Pattern string   `json:"pattern"`
		Preload []string `json:"preload"` // what the page paints with
		Later   []string `json:"later"`   // the rest of the first screen: fetched at low priority
	} `json:"routes"`
}

func newSPA(files fs.FS, headScripts []string) (*spa, error) {
	if files == nil {
		return nil, errors.New("server: no web build given")
	}
	index, err := fs.ReadFile(files, "index.html")
	if err != nil {
		return nil, fmt.Errorf("server: web build has no index.html (run `make build`): %w", err)
	}
	index = withHeadScripts(index, headScripts)
	s := &spa{files: files, shell: newPage(index), pages: map[string]page{}, routes: http.NewServeMux(), modTime: time.Now()}
	// A build without the file (the "not built" page, an older build) serves the bare shell.
	data, err := fs.ReadFile(files, routePreloadsFile)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return nil, fmt.Errorf("server: reading %s: %w", routePreloadsFile, err)
	}
	var rp routePreloads
	if err := json.Unmarshal(data, &rp); err != nil {
		return nil, fmt.Errorf("server: %s: %w", routePreloadsFile, err)
	}
	pre, err := readPrerendered(files)
	if err != nil {
		return nil, err
	}
	bootPage := withHeadScripts([]byte(pre.Page), headScripts)
	for _, r := range rp.Routes {
		for _, src := range slices.Concat(r.Preload, r.Later) {
			if !strings.HasPrefix(src, "/assets/") {
				return nil, fmt.Errorf("server: %s: %q is not a built asset", routePreloadsFile, src)
			}
		}
		if err := registerPattern(s.routes, r.Pattern); err != nil {
			return nil, fmt.Errorf("server: %s: %w", routePreloadsFile, err)
		}
		page, ok, err := pre.page(bootPage, r.Pattern, r.Preload, r.Later)
		if err != nil {
			return nil, err
		}
		if !ok {
			page = bytes.Replace(index, []byte("</head>"), []byte(preloadLinks(r.Preload, r.Later)+"</head>"), 1)
		}
		s.pages[r.Pattern] = newPage(page)
	}
	return s, nil
}

// readPrerendered reads the build's prerendered screens; a build without them has none.
func readPrerendered(files fs.FS) (prerendered, error) {
	var pre prerendered
	data, err := fs.ReadFile(files, prerenderedFile)
	if errors.Is(err, fs.ErrNotExist) {
		return pre, nil
	}
	if err != nil {
		return pre, fmt.Errorf("server: reading %s: %w", prerenderedFile, err)
	}
	if err := json.Unmarshal(data, &pre); err != nil {
		return pre, fmt.Errorf("server: %s: %w", prerenderedFile, err)
	}
	if len(pre.Screens) == 0 {
		return pre, nil
	}
	if strings.Count(pre.Page, rootElement) != 1 {
		return pre, fmt.Errorf("server: %s: its page has no single %s", prerenderedFile, rootElement)
	}
	for _, src := range append([]string{pre.Entry}, pre.Imports...) {
		if !strings.HasPrefix(src, "/assets/") {
			return pre, fmt.Errorf("server: %s: %q is not a built asset", prerenderedFile, src)
		}
	}
	return pre, nil
}

// page is a route's HTML with its first screen in the root (boot: the page with the head
// scripts), or false when the build has no screen for the route. The boot script fetches the
// route's scripts once the screen is painted (web/src/boot.ts): they are listed, not linked.
func (p prerendered) page(boot []byte, pattern string, preload, later []string) ([]byte, bool, error) {
	screen, ok := p.Screens[pattern]
	if !ok {
		return nil, false, nil
	}
	// Lists, as the boot script reads them.
	imports := p.Imports
	if imports == nil {
		imports = []string{}
	}
	if preload == nil {
		preload = []string{}
	}
	if later == nil {
		later = []string{}
	}
	list, err := json.Marshal(struct {
		Entry   string   `json:"entry"`
		Imports []string `json:"imports"`
		Preload []string `json:"preload"`
		Later   []string `json:"later"`
	}{p.Entry, imports, preload, later})
	if err != nil {
		return nil, false, fmt.Errorf("server: %s: %w", prerenderedFile, err)
	}
	head := `<script type="application/json" id="route-scripts">` + string(list) + `</script></head>`
	page := bytes.Replace(boot, []byte("</head>"), []byte(head), 1)
	return bytes.Replace(page, []byte(rootElement), []byte(`<div id="root">`+screen+`</div>`), 1), true, nil
}

// withHeadScripts puts the given classic scripts first in a page's head. defer: they run
// before the app's module scripts (document order) without blocking the first paint.
func withHeadScripts(page []byte, srcs []string) []byte {
	if len(srcs) == 0 {
		return page
	}
	var tags strings.Builder
	for _, src := range srcs {
		fmt.Fprintf(&tags, `<script src="%s" defer></script>`, html.EscapeString(src))
	}
	// Before the app's own module script, so the app finds the provider at start.
	return bytes.Replace(page, []byte("<head>"), []byte("<head>"+tags.String()), 1)
}

// preloadLinks fetches a route's scripts alongside the entry instead of one round trip after
// another (the entry, then the app, then the page, then its content).
func preloadLinks(preload, later []string) string {
	var links strings.Builder
	for i, list := range [][]string{preload, later} {
		for _, src := range list {
			// Low priority for what comes after the page's paint, so on a slow network it
			// does not share the bandwidth with what the paint waits for.
			prio := ""
			if i == 1 {
				prio = ` fetchpriority="low"`
			}
			// Without crossorigin the browser would not reuse a preload for a module script
			// (they are crossorigin), and fetch each one twice.
			fmt.Fprintf(&links, `<link rel="modulepreload" crossorigin href="%s"%s>`, html.EscapeString(src), prio)
		}
	}
	return links.String()
}

// registerPattern adds a route pattern to the matcher, turning ServeMux's panic on a bad or
// duplicate pattern into an error.
func registerPattern(mux *http.ServeMux, pattern string) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("route pattern %q: %v", pattern, p)
		}
	}()
	mux.Handle(pattern, http.NotFoundHandler())
	return nil
}

// pageFor is the HTML of the client route that r names.
func (s *spa) pageFor(r *http.Request) page {
	if _, pattern := s.routes.Handler(r); pattern != "" {
		if p, ok := s.pages[pattern]; ok {
			return p
		}
	}
	return s.shell
}

// serveIndex answers a client route with the app shell. It is never cached, so a deploy
// reaches everyone on their next navigation.
func (s *spa) serveIndex(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	p := s.pageFor(r)
	body := p.html
	if api.AcceptsEncoding(r, "gzip") {
		h.Set("Content-Encoding", "gzip")
		body = p.gzip
	}
	http.ServeContent(w, r, "index.html", s.modTime, bytes.NewReader(body))
}

// serve handles every GET that no other route took.
func (s *spa) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		methodNotAllowed(w, r, []string{http.MethodGet, http.MethodHead})
		return
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if name == "" || name == "index.html" {
		s.serveIndex(w, r)
		return
	}
	if s.serveFile(w, r, name, "public, max-age=3600") {
		return
	}
	// A missing file (it has an extension) is a 404, so broken images fall back in the UI;
	// anything else is a client route.
	if path.Ext(name) != "" {
		http.NotFound(w, r)
		return
	}
	s.serveIndex(w, r)
}

// serveAsset handles /assets/: content-hashed names, so they never change.
func (s *spa) serveAsset(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if !s.serveFile(w, r, name, "public, max-age=31536000, immutable") {
		http.NotFound(w, r)
	}
}

// serveFile serves name from the build, preferring a pre-compressed sibling (.br, then .gz)
// the client accepts. It reports false when the file does not exist.
func (s *spa) serveFile(w http.ResponseWriter, r *http.Request, name, cacheControl string) bool {
	if !fs.ValidPath(name) || strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") {
		return false
	}
	info, err := fs.Stat(s.files, name)
	if err != nil || info.IsDir() {
		return false
	}
	h := w.Header()
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	h.Set("Content-Type", ctype)
	h.Set("Cache-Control", cacheControl)
	body := name
	for _, enc := range []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if !api.AcceptsEncoding(r, enc.name) {
			continue
		}
		if _, err := fs.Stat(s.files, name+enc.ext); err == nil {
			h.Set("Content-Encoding", enc.name)
			body = name + enc.ext
			break
		}
	}
	data, err := fs.ReadFile(s.files, body)
	if err != nil {
		return false
	}
	http.ServeContent(w, r, name, info.ModTime(), bytes.NewReader(data))
	return true
}

// burnCardTimeout bounds the node read behind a burn page's preview tags: a slow node
// costs the preview, never the page.
const burnCardTimeout = 5 * time.Second

// serveBurn answers /burn/{hash}: the app shell with Open Graph and Twitter card tags
// describing the verified burn, so a shared link previews its certificate. When the burn
// cannot be verified the shell goes out without them (the page then says why).
func (s *spa) serveBurn(card func(context.Context, string) (api.BurnCard, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), burnCardTimeout)
		c, err := card(ctx, r.PathValue("hash"))
		cancel()
		if err != nil {
			s.serveIndex(w, r)
			return
		}
		body := bytes.Replace(s.pageFor(r).html, []byte("</head>"), []byte(previewTags(c, requestOrigin(r))+"</head>"), 1)
		h := w.Header()
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Cache-Control", "no-cache")
		http.ServeContent(w, r, "index.html", s.modTime, bytes.NewReader(body))
	}
}

// previewTags renders the link-preview meta tags; every value is HTML-escaped.
func previewTags(c api.BurnCard, origin string) string {
	var b strings.Builder
	meta := func(attr, key, value string) {
		fmt.Fprintf(&b, `<meta %s="%s" content="%s">`, attr, html.EscapeString(key), html.EscapeString(value))
	}
	img, page := origin+c.ImagePath, origin+c.PagePath
	meta("property", "og:type", "website")
	meta("property", "og:site_name", "LuckyCoin")
	meta("property", "og:title", c.Title)
	meta("property", "og:description", c.Description)
	meta("property", "og:url", page)
	meta("property", "og:image", img)
	meta("property", "og:image:type", "image/png")
	meta("property", "og:image:width", "1200")
	meta("property", "og:image:height", "630")
	meta("name", "twitter:card", "summary_large_image")
	meta("name", "twitter:title", c.Title)
	meta("name", "twitter:description", c.Description)
	meta("name", "twitter:image", img)
	return b.String()
}

// requestOrigin is the scheme and host the client used (a proxy's X-Forwarded-Proto is
// trusted for the scheme only when it is http or https).
func requestOrigin(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	switch p := strings.ToLower(r.Header.Get("X-Forwarded-Proto")); p {
	case "http", "https":
		scheme = p
	}
	return scheme + "://" + r.Host
}
