package api_test

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"strings"
	"testing"

	"rsc.io/qr"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/certificate"
)

// burnVia burns amount of token from dev account i through the build endpoint, signs and
// submits it as a wallet would, waits for it and for the index, and returns the hash.
func (e *indexEnv) burnVia(i int, token, amount string) string {
	e.t.Helper()
	built := e.mustOK("POST", "/api/v1/burn/build", fmt.Sprintf(`{"sender":%q,"token":%q,"amount":%q}`, e.addr(i), token, amount))
	hash := e.signSubmit(built["rawTransaction"].(string), e.key(i))
	if st := e.waitTx(hash); st != "Success" {
		e.t.Fatalf("burn %s %s: %s", amount, token, st)
	}
	e.sync()
	return hash
}

// The certificate's figures after real burns: the share of supply (exact integer
// arithmetic over the chain's supply), the burner's running total up to and including each
// burn (a second burn raises it, the first keeps its own), and a QR code of the page.
func TestBurnCertificateFigures(t *testing.T) {
	e := newIndexEnv(t)
	first := e.burnVia(0, "LUCKY", "7")
	second := e.burnVia(0, "LUCKY", "3.5")
	other := e.burnVia(0, "DAWGZ", "1")

	cases := []struct {
		name, hash      string
		percent, supply string
		total           string
		burns           float64
	}{
		// LUCKY's supply is 1,000,000,000 × 10^6: 7 × 10^6 × 100 / 10^15 = 0.0000007 %.
		{"first LUCKY burn", first, "0.0000007", "1000000000000000", "7000000", 1},
		// 3.5 × 10^6 × 100 / 10^15 = 0.00000035 %; 7 + 3.5 LUCKY in 2 burns.
		{"second LUCKY burn", second, "0.00000035", "1000000000000000", "10500000", 2},
		// Another token's burns have their own total.
		{"DAWGZ burn", other, "0.0000001", "1000000000000000", "1000000", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := e.mustOK("GET", "/api/v1/burns/"+tc.hash, "")
			share, _ := b["shareOfSupply"].(map[string]any)
			if share == nil || share["percent"] != tc.percent || share["totalSupply"] != tc.supply || share["source"] != "chain" || b["shareOfSupplyNote"] != nil {
				t.Fatalf("shareOfSupply %v (%v)", b["shareOfSupply"], b["shareOfSupplyNote"])
			}
			tot, _ := b["burnerTotal"].(map[string]any)
			if tot == nil || tot["amount"] != tc.total || tot["burns"] != tc.burns || b["burnerTotalNote"] != nil {
				t.Fatalf("burnerTotal %v (%v)", b["burnerTotal"], b["burnerTotalNote"])
			}
			// The QR code holds the page's absolute URL: the same modules as an encoder
			// given that URL draws.
			q := b["qr"].(map[string]any)
			url := "http://127.0.0.1:8080/burn/" + tc.hash
			if q["url"] != url {
				t.Fatalf("qr url %v, want %s", q["url"], url)
			}
			want, err := qr.Encode(url, qr.M)
			if err != nil {
				t.Fatal(err)
			}
			rows := q["modules"].([]any)
			if q["size"] != float64(want.Size) || len(rows) != want.Size {
				t.Fatalf("qr size %v rows %d, want %d", q["size"], len(rows), want.Size)
			}
			for y, r := range rows {
				for x, c := range r.(string) {
					if (c == '1') != want.Black(x, y) {
						t.Fatalf("qr module (%d,%d) is %c", x, y, c)
					}
				}
			}
		})
	}

	// The image: a 1200×630 PNG whose QR region holds that code module for module (read
	// back at each module's centre), with the token's own logo where the monogram was.
	// e.raw sends no Host of its own: httptest's example.com is the page's origin.
	img, cache := reqPNG(t, e, second)
	if cache != "public, max-age=31536000, immutable" {
		t.Fatalf("Cache-Control %q for a burn with every figure", cache)
	}
	code, err := qr.Encode("http://example.com/burn/"+second, qr.M)
	if err != nil {
		t.Fatal(err)
	}
	x0, y0, px := certificate.QRPlace(code.Size)
	if px < 3 {
		t.Fatalf("QR modules of %d px: too small to scan", px)
	}
	dark := func(x, y int) bool {
		r, g, b, _ := img.At(x, y).RGBA()
		return (r+g+b)/3 < 0x8000
	}
	for y := -certificate.QRQuiet; y < code.Size+certificate.QRQuiet; y++ {
		for x := -certificate.QRQuiet; x < code.Size+certificate.QRQuiet; x++ {
			in := x >= 0 && y >= 0 && x < code.Size && y < code.Size
			want := in && code.Black(x, y)
			if got := dark(x0+x*px+px/2, y0+y*px+px/2); got != want {
				t.Fatalf("QR module (%d,%d): dark %v, want %v", x, y, got, want)
			}
		}
	}
	svg, err := os.ReadFile("../../web/public/images/tokens/lucky.svg")
	if err != nil {
		t.Fatal(err)
	}
	logo, err := certificate.LogoFromSVG(svg, certificate.LogoSize)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []image.Point{{60, 20}, {30, 60}, {60, 60}, {90, 95}} {
		if got, want := img.At(80+p.X, 170+p.Y), logo.At(p.X, p.Y); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("logo pixel %v: %v, want %v", p, got, want)
		}
	}
}

func reqPNG(t *testing.T, e *indexEnv, hash string) (image.Image, string) {
	t.Helper()
	r := e.raw("GET", "/api/v1/burns/"+hash+"/certificate.png")
	if r.Code != 200 || r.Header().Get("Content-Type") != "image/png" {
		t.Fatalf("certificate: %d %s", r.Code, r.Body.String())
	}
	img, err := png.Decode(bytes.NewReader(r.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != certificate.Width || b.Dy() != certificate.Height {
		t.Fatalf("certificate is %v", b)
	}
	return img, r.Header().Get("Cache-Control")
}

// Without the event index the running total is null and says why; the rest is there.
func TestBurnCertificateWithoutIndex(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	built := e.mustOK("POST", "/api/v1/burn/build", fmt.Sprintf(`{"sender":%q,"token":"LUCKY","amount":"2"}`, e.addr(0)))
	hash := e.signSubmit(built["rawTransaction"].(string), e.key(0))
	if st := e.waitTx(hash); st != "Success" {
		t.Fatalf("burn: %s", st)
	}
	b := e.mustOK("GET", "/api/v1/burns/"+hash, "")
	if b["burnerTotal"] != nil || b["burnerTotalNote"] != api.NoteNoIndex {
		t.Fatalf("burnerTotal %v note %v", b["burnerTotal"], b["burnerTotalNote"])
	}
	if s := b["shareOfSupply"].(map[string]any); s["percent"] != "0.0000002" {
		t.Fatalf("shareOfSupply %v", s)
	}
	if !strings.HasPrefix(b["qr"].(map[string]any)["url"].(string), "http://") {
		t.Fatalf("qr %v", b["qr"])
	}
}
