package certificate

import (
	"bytes"
	"errors"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/image/font"
	"rsc.io/qr"
)

func TestRenderStableAndSized(t *testing.T) {
	d := Data{Amount: "1,000", Symbol: "LUCKY", Token: "LUCKY",
		Burner: "0x" + string(bytes.Repeat([]byte("ab"), 32)), TxHash: "0x" + string(bytes.Repeat([]byte("cd"), 32)),
		Time: time.Date(2026, 11, 23, 1, 2, 3, 0, time.UTC), Block: 42, Network: "devnet"}
	a, err := Render(d)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Render(d)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatal("two renders of the same data differ")
	}
	img, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	if r := img.Bounds(); r.Dx() != Width || r.Dy() != Height || Width != 1200 || Height != 630 {
		t.Fatalf("bounds %v", r)
	}
	d.Amount = "2,000"
	c, _ := Render(d)
	if bytes.Equal(a, c) {
		t.Fatal("a different amount renders the same image")
	}
}

// Every logo the app ships for a token draws (the subset LogoFromSVG knows covers them),
// and what it does not know is refused rather than drawn wrongly.
func TestLogoFromSVG(t *testing.T) {
	files, err := filepath.Glob("../../web/public/images/tokens/*.svg")
	if err != nil || len(files) < 10 {
		t.Fatalf("logos: %v %v", files, err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		img, err := LogoFromSVG(data, LogoSize)
		if filepath.Base(f) == "default.svg" {
			// The placeholder's dashed ring is outside the subset.
			if !errors.Is(err, ErrLogoUnsupported) {
				t.Fatalf("default.svg: %v", err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		// Opaque in the middle, transparent in the corners (a round logo).
		if _, _, _, a := img.At(LogoSize/2, LogoSize/2).RGBA(); a != 0xffff {
			t.Errorf("%s: centre alpha %x", f, a)
		}
		if _, _, _, a := img.At(1, 1).RGBA(); a != 0 {
			t.Errorf("%s: corner alpha %x", f, a)
		}
	}
	for _, bad := range []string{
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><path d="M0 0h64v64z"/></svg>`,
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 32"><circle cx="1" cy="1" r="1"/></svg>`,
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="1" cy="1" r="1" fill="url(#nope)"/></svg>`,
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="1" cy="1" r="1" fill="rgb(1,2,3)"/></svg>`,
		`not xml`,
	} {
		if _, err := LogoFromSVG([]byte(bad), LogoSize); !errors.Is(err, ErrLogoUnsupported) {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

// The logo, the figures and the QR code each change the image; the code is drawn where
// QRPlace says, module for module.
func TestRenderFiguresAndQR(t *testing.T) {
	base := Data{Amount: "7", Symbol: "LUCKY", Token: "LUCKY", Burner: "0x01", TxHash: "0x02", Network: "devnet"}
	plain, err := Render(base)
	if err != nil {
		t.Fatal(err)
	}
	code, err := qr.Encode("https://lucky.example/burn/0x02", qr.M)
	if err != nil {
		t.Fatal(err)
	}
	svg, _ := os.ReadFile("../../web/public/images/tokens/lucky.svg")
	logo, err := LogoFromSVG(svg, LogoSize)
	if err != nil {
		t.Fatal(err)
	}
	for name, d := range map[string]Data{
		"logo":  {Amount: "7", Symbol: "LUCKY", Token: "LUCKY", Burner: "0x01", TxHash: "0x02", Network: "devnet", Logo: logo},
		"share": {Amount: "7", Symbol: "LUCKY", Token: "LUCKY", Burner: "0x01", TxHash: "0x02", Network: "devnet", Share: "0.0000007%"},
		"total": {Amount: "7", Symbol: "LUCKY", Token: "LUCKY", Burner: "0x01", TxHash: "0x02", Network: "devnet", BurnerTotal: "7 LUCKY in 1 burn"},
		"qr":    {Amount: "7", Symbol: "LUCKY", Token: "LUCKY", Burner: "0x01", TxHash: "0x02", Network: "devnet", QR: code},
	} {
		b, err := Render(d)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(b, plain) {
			t.Errorf("%s: no change to the image", name)
		}
		if name != "qr" {
			continue
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		x0, y0, px := QRPlace(code.Size)
		for y := range code.Size {
			for x := range code.Size {
				r, _, _, _ := img.At(x0+x*px+px/2, y0+y*px+px/2).RGBA()
				if (r < 0x8000) != code.Black(x, y) {
					t.Fatalf("module (%d,%d) wrong", x, y)
				}
			}
		}
	}
}

// Every amount, from one base unit to a whole supply, is drawn in full with its symbol: the
// amount line shrinks to fit and is never shortened. CERTIFICATE_PNG_DIR, when set, keeps
// the images to look at.
func TestAmountAlwaysFits(t *testing.T) {
	dir := os.Getenv("CERTIFICATE_PNG_DIR")
	for _, c := range []struct{ name, amount, symbol string }{
		{"one-base-unit", "0.000001", "LUCKY"},
		{"123.456789", "123.456789", "LUCKY"},
		{"999999999.999999", "999,999,999.999999", "LUCKY"},
		{"lucky-supply", "1,000,000,000", "LUCKY"},
		{"supra-supply", "100,000,000,000", "SUPRA"},
		{"supra-one-base-unit", "0.00000001", "SUPRA"},
		{"uint64-18-decimals", "18.446744073709551615", "BABYJOSH"},
		{"uint64-no-decimals", "18,446,744,073,709,551,615", "LOWCAPSLOWCA"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, err := AmountFace(c.amount, c.symbol)
			if err != nil {
				t.Fatal(err)
			}
			if w := font.MeasureString(f, c.amount+" "+c.symbol).Ceil(); w > AmountWidth {
				t.Fatalf("%s %s is %d px wide, the line has %d", c.amount, c.symbol, w, AmountWidth)
			}
			png, err := Render(Data{Amount: c.amount, Symbol: c.symbol, Token: c.symbol, Network: "devnet",
				Burner: "0x" + strings.Repeat("ab", 32), TxHash: "0x" + strings.Repeat("cd", 32),
				Share: "0.1%", BurnerTotal: c.amount + " " + c.symbol + " in 2 burns"})
			if err != nil {
				t.Fatal(err)
			}
			if dir != "" {
				if err := os.WriteFile(filepath.Join(dir, c.name+".png"), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
	// A long line is drawn smaller than a short one.
	long, _ := AmountFace("999,999,999.999999", "LUCKY")
	short, _ := AmountFace("1", "LUCKY")
	if long.Metrics().Height >= short.Metrics().Height {
		t.Fatal("the long amount was not shrunk")
	}
}
