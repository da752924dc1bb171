package server

import (
	"crypto/tls"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/luckycoin/lucky/internal/api"
)

// Every value put into the burn page's HTML is escaped: the card's text, its paths and
// the origin taken from the request's Host header.
func TestPreviewTagsEscape(t *testing.T) {
	evil := `"><script>alert(1)</script>&'`
	c := api.BurnCard{Title: "T" + evil, Description: "D" + evil, ImagePath: "/i" + evil, PagePath: "/p" + evil}
	got := previewTags(c, "http://h"+evil)
	if strings.Contains(got, "<script") || strings.Contains(got, `">&lt;`) || strings.Contains(got, `"><s`) || strings.Contains(got, "'") {
		t.Fatalf("unescaped: %s", got)
	}
	for _, want := range []string{
		`<meta property="og:title" content="T&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;&#39;">`,
		`<meta name="twitter:description" content="D&#34;&gt;&lt;script&gt;`,
		`<meta property="og:image" content="http://h&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;&#39;/i&#34;`,
		`<meta property="og:url" content="http://h&#34;`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %s in %s", want, got)
		}
	}
	if n := strings.Count(got, "<meta "); n != 13 {
		t.Fatalf("%d tags", n)
	}
}

func TestRequestOrigin(t *testing.T) {
	r := httptest.NewRequest("GET", "/burn/x", nil)
	r.Host = "lucky.example"
	if got := requestOrigin(r); got != "http://lucky.example" {
		t.Fatal(got)
	}
	r.Header.Set("X-Forwarded-Proto", "https")
	if got := requestOrigin(r); got != "https://lucky.example" {
		t.Fatal(got)
	}
	r.Header.Set("X-Forwarded-Proto", "javascript")
	r.TLS = &tls.ConnectionState{}
	if got := requestOrigin(r); got != "https://lucky.example" {
		t.Fatal(got)
	}
}
