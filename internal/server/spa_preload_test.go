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
