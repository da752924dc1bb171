package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

const testPreloads = `{"routes":[
 {"pattern":"/{$}","preload":["/assets/landing-1.js"]},
 {"pattern":"/slots","preload":["/assets/slots-page-1.js"],"later":["/assets/slots-content-1.js"]},
 {"pattern":"/slots/{token}","preload":["/assets/slots-page-1.js","/assets/slots-content-1.js"]},
 {"pattern":"/slots/fair","preload":["/assets/fair-1.js"]},
 {"pattern":"/burn/{hash}","preload":["/assets/certificate-1.js"]},
 {"pattern":"/","preload":["/assets/not-found-1.js"]}
]}`

// Each client route's HTML carries exactly its own chunks' modulepreload links, gzipped or not.
func TestSPAPreloadsTheRoutesChunks(t *testing.T) {
	web := fstest.MapFS{
		"index.html":          {Data: []byte(indexHTML)},
		"route-preloads.json": {Data: []byte(testPreloads)},
	}
	s, err := newSPA(web, nil)
	if err != nil {
		t.Fatal(err)
	}
	link := func(f string) string { return `<link rel="modulepreload" crossorigin href="/assets/` + f + `">` }
	tests := []struct {
		path string
		want []string
	}{
		{"/", []string{link("landing-1.js")}},
		{"/slots", []string{link("slots-page-1.js"), `<link rel="modulepreload" crossorigin href="/assets/slots-content-1.js" fetchpriority="low">`}},
		{"/slots/LUCKY", []string{link("slots-page-1.js"), link("slots-content-1.js")}},
		{"/slots/fair", []string{link("fair-1.js")}},
		{"/burn/0xabc", []string{link("certificate-1.js")}},
		{"/no/such/page", []string{link("not-found-1.js")}},
	}
	for _, tt := range tests {
		for _, enc := range []string{"", "gzip"} {
			t.Run(tt.path+" "+enc, func(t *testing.T) {
				req := httptest.NewRequest(http.MethodGet, tt.path, nil)
				if enc != "" {
					req.Header.Set("Accept-Encoding", enc)
				}
				rec := httptest.NewRecorder()
				s.serve(rec, req)
				res := rec.Result()
				if got := res.Header.Get("Content-Encoding"); got != enc {
					t.Errorf("Content-Encoding %q, want %q", got, enc)
				}
				if res.StatusCode != http.StatusOK {
					t.Fatalf("status %d", res.StatusCode)
				}
				html := body(t, res)
				if got := strings.Count(html, `rel="modulepreload"`); got != len(tt.want) {
					t.Errorf("%d preload links, want %d: %s", got, len(tt.want), html)
				}
				for _, w := range tt.want {
					if !strings.Contains(html, w+"</head>") && !strings.Contains(html, w+"<link") {
						t.Errorf("missing %s in the head: %s", w, html)
					}
				}
			})
		}
	}
}

func TestSPARefusesABadPreloadList(t *testing.T) {
	for name, data := range map[string]string{
		"not JSON":        `{"routes":`,
		"not an asset":    `{"routes":[{"pattern":"/x","preload":["https://evil.example/x.js"]}]}`,
		"duplicate route": `{"routes":[{"pattern":"/x","preload":[]},{"pattern":"/x","preload":[]}]}`,
		"bad pattern":     `{"routes":[{"pattern":"/{","preload":[]}]}`,
	} {
		t.Run(name, func(t *testing.T) {
			web := fstest.MapFS{"index.html": {Data: []byte(indexHTML)}, "route-preloads.json": {Data: []byte(data)}}
			if _, err := newSPA(web, nil); err == nil {
				t.Fatal("newSPA accepted it")
			}
		})
	}
}

// The build's prerendered pages (web/scripts/prerender.mjs): index.html with the boot script in
// place of the app's, the route's first screen in the root, and every script listed for the boot
// script to fetch once that screen is painted.
const testPrerendered = `{
 "page":"<!doctype html><html><head><title>LuckyCoin</title><script type=\"module\" crossorigin src=\"/assets/boot-1.js\"></script></head><body><div id=\"root\"></div></body></html>",
 "entry":"/assets/index-abc.js",
 "imports":["/assets/react-1.js"],
 "screens":{"/slots":"<main><h1>Slots</h1></main>","/{$}":"<main><h1>LUCKY &amp; friends</h1></main>"}
}`

func TestSPAServesThePrerenderedScreen(t *testing.T) {
	web := fstest.MapFS{
		"index.html":          {Data: []byte(indexHTML)},
		"route-preloads.json": {Data: []byte(testPreloads)},
		"prerendered.json":    {Data: []byte(testPrerendered)},
	}
	s, err := newSPA(web, []string{"/devnet/wallet.js"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path, root, scripts string // root "": the empty root, and the route's links in the head
	}{
		{"/", `<main><h1>LUCKY &amp; friends</h1></main>`, `{"entry":"/assets/index-abc.js","imports":["/assets/react-1.js"],"preload":["/assets/landing-1.js"],"later":[]}`},
		{"/slots", `<main><h1>Slots</h1></main>`, `{"entry":"/assets/index-abc.js","imports":["/assets/react-1.js"],"preload":["/assets/slots-page-1.js"],"later":["/assets/slots-content-1.js"]}`},
		{"/slots/LUCKY", "", ""},
		{"/no/such/page", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			rec := httptest.NewRecorder()
			s.serve(rec, httptest.NewRequest(http.MethodGet, tt.path, nil))
			html := body(t, rec.Result())
			if !strings.HasPrefix(html, `<!doctype html><html><head><script src="/devnet/wallet.js" defer></script><title>`) {
				t.Errorf("the head scripts are not first: %s", html)
			}
			if tt.root == "" {
				if !strings.Contains(html, `<div id="root"></div>`) || !strings.Contains(html, `src="/assets/index-abc.js"`) ||
					strings.Contains(html, "boot-1.js") || strings.Contains(html, "route-scripts") || !strings.Contains(html, `rel="modulepreload"`) {
					t.Errorf("not the app's own page: %s", html)
				}
				return
			}
			want := `<script type="module" crossorigin src="/assets/boot-1.js"></script>` +
				`<script type="application/json" id="route-scripts">` + tt.scripts + `</script></head>` +
				`<body><div id="root">` + tt.root + `</div></body>`
			if !strings.Contains(html, want) {
				t.Errorf("page\n%s\nwant it to contain\n%s", html, want)
			}
			if strings.Contains(html, `rel="modulepreload"`) || strings.Contains(html, `src="/assets/index-abc.js"`) {
				t.Errorf("a script the boot script loads is named by the page: %s", html)
			}
		})
	}
}

func TestSPARefusesABadPrerenderedFile(t *testing.T) {
	for name, data := range map[string]string{
		"not JSON":          `{"page":`,
		"no root":           `{"page":"<body></body>","entry":"/assets/i.js","screens":{"/slots":"<h1>x</h1>"}}`,
		"entry not asset":   `{"page":"<div id=\"root\"></div>","entry":"https://evil.example/i.js","screens":{"/slots":"<h1>x</h1>"}}`,
		"import not asset":  `{"page":"<div id=\"root\"></div>","entry":"/assets/i.js","imports":["//evil.example/r.js"],"screens":{"/slots":"<h1>x</h1>"}}`,
		"two roots in page": `{"page":"<div id=\"root\"></div><div id=\"root\"></div>","entry":"/assets/i.js","screens":{"/slots":"<h1>x</h1>"}}`,
	} {
		t.Run(name, func(t *testing.T) {
			web := fstest.MapFS{
				"index.html":          {Data: []byte(indexHTML)},
				"route-preloads.json": {Data: []byte(testPreloads)},
				"prerendered.json":    {Data: []byte(data)},
			}
			if _, err := newSPA(web, nil); err == nil {
				t.Fatal("newSPA accepted it")
			}
		})
	}
}
