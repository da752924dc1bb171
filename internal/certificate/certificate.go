// Package certificate draws the burn certificate: a 1200×630 PNG (the Open Graph card
// size), the same image the page's Download button saves and a shared link previews.
//
// The drawing is a pure function of its Data: no clock, no randomness, fonts embedded
// (Go's own, golang.org/x/image/font/gofont, BSD-licensed), and image/png encodes
// deterministically, so a given burn always yields the same bytes and a cache by
// transaction hash is safe.
package certificate

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"strings"
	"sync"
	"time"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Size of the certificate.
const (
	Width  = 1200
	Height = 630
)

// Data is what the certificate shows. Amount is already formatted for people.
type Data struct {
	Amount  string // "1,000"
	Symbol  string // "LUCKY"
	Token   string // "LUCKY"
	Burner  string // 0x… (66 chars)
	TxHash  string // 0x… (66 chars)
	Time    time.Time
	Block   uint64
	Network string // "devnet", "mainnet"
}

type faces struct {
	title, huge, label, value, mono, small, badge font.Face
}

// loadFaces parses the embedded fonts once; they never change.
var loadFaces = sync.OnceValues(func() (*faces, error) {
	parse := func(ttf []byte) (*opentype.Font, error) { return opentype.Parse(ttf) }
	bold, err := parse(gobold.TTF)
	if err != nil {
		return nil, err
	}
	reg, err := parse(goregular.TTF)
	if err != nil {
		return nil, err
	}
	mono, err := parse(gomono.TTF)
	if err != nil {
		return nil, err
	}
	face := func(f *opentype.Font, size float64) (font.Face, error) {
		return opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	}
	var fs faces
	for _, x := range []struct {
		dst  *font.Face
		f    *opentype.Font
		size float64
	}{
		{&fs.title, bold, 34}, {&fs.huge, bold, 84}, {&fs.label, bold, 18}, {&fs.value, reg, 26},
		{&fs.mono, mono, 21}, {&fs.small, reg, 20}, {&fs.badge, bold, 40},
	} {
		if *x.dst, err = face(x.f, x.size); err != nil {
			return nil, err
		}
	}
	return &fs, nil
})

var (
	white  = color.RGBA{0xff, 0xff, 0xff, 0xff}
	muted  = color.RGBA{0xc9, 0xb8, 0xa8, 0xff}
	flame  = color.RGBA{0xff, 0x8a, 0x1f, 0xff}
	gold   = color.RGBA{0xff, 0xc8, 0x3d, 0xff}
	green  = color.RGBA{0x34, 0xd3, 0x99, 0xff}
	panel  = color.RGBA{0x1d, 0x12, 0x10, 0xff}
	border = color.RGBA{0x6b, 0x34, 0x1c, 0xff}
)

// Render draws the certificate and encodes it as PNG.
func Render(d Data) ([]byte, error) {
	fs, err := loadFaces()
	if err != nil {
		return nil, fmt.Errorf("certificate: fonts: %w", err)
	}
	img := image.NewRGBA(image.Rect(0, 0, Width, Height))
	background(img)

	// The card.
	fillRect(img, image.Rect(40, 40, Width-40, Height-40), panel)
	strokeRect(img, image.Rect(40, 40, Width-40, Height-40), 3, border)
	fillRect(img, image.Rect(40, 40, Width-40, 46), flame)

	text(img, fs.title, 80, 108, gold, "BURN CERTIFICATE")
	right(img, fs.label, Width-80, 104, muted, strings.ToUpper("LuckyCoin · "+d.Network))

	// Token badge and the amount.
	badge(img, fs.badge, 80+60, 230, 60, d.Symbol)
	text(img, fs.label, 230, 180, muted, "BURNED FOREVER")
	amount := d.Amount + " " + d.Symbol
	face := fs.huge
	text(img, face, 226, 262, white, fit(face, amount, Width-80-226))
	if d.Token != "" && d.Token != d.Symbol {
		text(img, fs.small, 230, 296, muted, d.Token)
	}

	// Details.
	y := 360
	row := func(label, value string, f font.Face) {
		text(img, fs.label, 80, y, muted, label)
		text(img, f, 80, y+32, white, value)
		y += 74
	}
	row("BURNER", d.Burner, fs.mono)
	row("TRANSACTION", d.TxHash, fs.mono)
	text(img, fs.label, 80, y, muted, "DATE (UTC)")
	date := "pending"
	if !d.Time.IsZero() {
		date = d.Time.UTC().Format("2 Jan 2006, 15:04:05")
	}
	text(img, fs.value, 80, y+32, white, date)
	text(img, fs.label, 520, y, muted, "BLOCK")
	text(img, fs.value, 520, y+32, white, fmt.Sprint(d.Block))

	// The seal: what the server checked before drawing.
	// (Go's fonts have no check mark glyph: the tick is drawn.)
	seal := "VERIFIED ON CHAIN"
	w := font.MeasureString(fs.label, seal).Ceil()
	x0 := Width - 80 - w - 62
	fillRect(img, image.Rect(x0, Height-126, Width-80, Height-80), color.RGBA{0x0f, 0x3b, 0x2c, 0xff})
	strokeRect(img, image.Rect(x0, Height-126, Width-80, Height-80), 2, green)
	tick(img, x0+18, Height-103, green)
	text(img, fs.label, x0+44, Height-96, green, seal)

	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.DefaultCompression}).Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("certificate: encode: %w", err)
	}
	return buf.Bytes(), nil
}

// background is a vertical ember gradient: deep red-brown at the top to near black.
func background(img *image.RGBA) {
	for y := range Height {
		t := y * 255 / (Height - 1)
		c := color.RGBA{uint8(0x3a - 0x2c*t/255), uint8(0x10 - 0x08*t/255), uint8(0x08 - 0x04*t/255), 0xff}
		fillRect(img, image.Rect(0, y, Width, y+1), c)
	}
}

// tick draws a 3 px check mark whose short arm starts at (x, y).
func tick(img *image.RGBA, x, y int, c color.Color) {
	for i := range 6 {
		fillRect(img, image.Rect(x+i, y+i, x+i+3, y+i+3), c)
	}
	for i := range 12 {
		fillRect(img, image.Rect(x+5+i, y+5-i, x+8+i, y+8-i), c)
	}
}

func fillRect(img *image.RGBA, r image.Rectangle, c color.Color) {
	draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Src)
}

func strokeRect(img *image.RGBA, r image.Rectangle, w int, c color.Color) {
	fillRect(img, image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+w), c)
	fillRect(img, image.Rect(r.Min.X, r.Max.Y-w, r.Max.X, r.Max.Y), c)
	fillRect(img, image.Rect(r.Min.X, r.Min.Y, r.Min.X+w, r.Max.Y), c)
	fillRect(img, image.Rect(r.Max.X-w, r.Min.Y, r.Max.X, r.Max.Y), c)
}

// badge is a filled circle with the symbol's first letters, standing in for the token
// logo (the logos are SVG, which the standard library cannot draw).
func badge(img *image.RGBA, f font.Face, cx, cy, r int, symbol string) {
	for y := cy - r; y <= cy+r; y++ {
		for x := cx - r; x <= cx+r; x++ {
			dx, dy := x-cx, y-cy
			d2 := dx*dx + dy*dy
			switch {
			case d2 <= (r-4)*(r-4):
				// A flame-coloured radial fill, brighter at the centre.
				k := 255 - d2*120/(r*r)
				img.SetRGBA(x, y, color.RGBA{0xff, uint8(0x50 + 0x50*k/255), 0x1f, 0xff})
			case d2 <= r*r:
				img.SetRGBA(x, y, gold)
			}
		}
	}
	label := []rune(strings.ToUpper(symbol))
	if len(label) > 2 {
		label = label[:2]
	}
	s := string(label)
	w := font.MeasureString(f, s).Ceil()
	text(img, f, cx-w/2, cy+14, white, s)
}

func text(img *image.RGBA, f font.Face, x, y int, c color.Color, s string) {
	d := font.Drawer{Dst: img, Src: image.NewUniform(c), Face: f, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

func right(img *image.RGBA, f font.Face, x, y int, c color.Color, s string) {
	text(img, f, x-font.MeasureString(f, s).Ceil(), y, c, s)
}

// fit shortens s with an ellipsis until it fits in width pixels.
func fit(f font.Face, s string, width int) string {
	if font.MeasureString(f, s).Ceil() <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		if font.MeasureString(f, string(r)+"…").Ceil() <= width {
			return string(r) + "…"
		}
	}
	return s
}
