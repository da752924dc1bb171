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
	"rsc.io/qr"
)

// Size of the certificate.
const (
	Width  = 1200
	Height = 630
)

// Data is what the certificate shows. Amount and the figures are already formatted for
// people.
type Data struct {
	Amount  string // "1,000"
	Symbol  string // "LUCKY"
	Token   string // "LUCKY"
	Burner  string // 0x… (66 chars)
	TxHash  string // 0x… (66 chars)
	Time    time.Time
	Block   uint64
	Network string // "devnet", "mainnet"
	// Logo is the token's logo drawn at LogoSize (LogoFromSVG); nil draws the monogram.
	Logo image.Image
	// Share is the share of supply this burn is ("0.0007%"); "" when the supply is unknown.
	Share string
	// BurnerTotal is the burner's running total of the token up to this burn ("14 LUCKY
	// in 2 burns"); "" when the event index cannot say.
	BurnerTotal string
	// QR is the code of the certificate page's URL; nil draws none.
	QR *qr.Code
}

// LogoSize is the side of the logo on the certificate, in pixels.
const LogoSize = 120

type faces struct {
	title, huge, label, value, mono, small, badge font.Face
	// bold and regular are the parsed fonts the shrinking lines draw with at the size
	// that fits them.
	bold, regular *opentype.Font
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
	fs := faces{bold: bold, regular: reg}
	for _, x := range []struct {
		dst  *font.Face
		f    *opentype.Font
		size float64
	}{
		{&fs.title, bold, 34}, {&fs.huge, bold, 84}, {&fs.label, bold, 18}, {&fs.value, reg, 26},
		{&fs.mono, mono, 18}, {&fs.small, reg, 20}, {&fs.badge, bold, 40},
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

	// The token's logo (or its monogram) and the amount; the right column is the QR code's.
	if d.Logo != nil {
		drawLogo(img, image.Rect(80, 170, 80+LogoSize, 170+LogoSize), d.Logo)
	} else {
		badge(img, fs.badge, 80+LogoSize/2, 230, LogoSize/2, d.Symbol)
	}
	text(img, fs.label, 230, 176, muted, "BURNED FOREVER")
	amountFace, err := AmountFace(d.Amount, d.Symbol)
	if err != nil {
		return nil, err
	}
	// The line's capitals are centred on the logo, whatever size it shrank to.
	baseline := 170 + LogoSize/2 + amountFace.Metrics().CapHeight.Ceil()/2
	text(img, amountFace, 226, baseline, white, d.Amount+" "+d.Symbol)
	if d.Token != "" && d.Token != d.Symbol {
		text(img, fs.small, 230, 288, muted, d.Token)
	}

	// The burn's figures: its share of the supply and the burner's running total.
	stat := func(x int, label, value string) {
		text(img, fs.label, x, 332, muted, label)
		f, err := shrink(fs.regular, value, qrColumn-40-x, valueSize, minValueSize)
		if err != nil {
			f = fs.value
		}
		text(img, f, x, 364, gold, fit(f, value, qrColumn-40-x))
	}
	if d.Share != "" {
		stat(80, "SHARE OF SUPPLY", d.Share)
	}
	if d.BurnerTotal != "" {
		x := 80
		if d.Share != "" {
			x = 330
		}
		stat(x, "BURNER'S TOTAL", d.BurnerTotal)
	}

	// Details.
	y := 408
	row := func(label, value string) {
		text(img, fs.label, 80, y, muted, label)
		text(img, fs.mono, 80, y+28, white, fit(fs.mono, value, qrColumn-40-80))
		y += 60
	}
	row("BURNER", d.Burner)
	row("TRANSACTION", d.TxHash)
	text(img, fs.label, 80, y, muted, "DATE (UTC)")
	date := "pending"
	if !d.Time.IsZero() {
		date = d.Time.UTC().Format("2 Jan 2006, 15:04:05")
	}
	text(img, fs.value, 80, y+30, white, date)
	text(img, fs.label, 420, y, muted, "BLOCK")
	text(img, fs.value, 420, y+30, white, fmt.Sprint(d.Block))

	if d.QR != nil {
		qrBlock(img, fs, d.QR)
	}

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

// badge is the monogram: a filled circle with the symbol's first letters, standing in for
// a token logo the certificate cannot draw (none shipped, remote, or outside LogoFromSVG's
// subset).
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

// The amount line's font sizes: it starts at hugeSize and shrinks, a point at a time, to
// the largest size at which the amount and its symbol fit; at minAmountSize every amount a
// uint64 can hold fits, at any number of decimals, with a symbol of up to 12 letters.
const (
	hugeSize      = 84
	minAmountSize = 24
	valueSize     = 26
	minValueSize  = 14
)

// AmountWidth is the room the amount line has, in pixels: from the right of the logo to
// 40 px before the QR code's column.
const AmountWidth = qrColumn - 40 - 226

// AmountFace is the face the certificate draws "amount symbol" with: the largest size,
// from 84 px down, at which the whole line fits AmountWidth. The amount is never shortened.
func AmountFace(amount, symbol string) (font.Face, error) {
	fs, err := loadFaces()
	if err != nil {
		return nil, fmt.Errorf("certificate: fonts: %w", err)
	}
	return shrink(fs.bold, amount+" "+symbol, AmountWidth, hugeSize, minAmountSize)
}

// shrink is f at the largest size from max down to min at which s fits width pixels (at
// min when none does).
func shrink(f *opentype.Font, s string, width int, maxSize, minSize float64) (font.Face, error) {
	for size := maxSize; ; size-- {
		face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
		if err != nil {
			return nil, fmt.Errorf("certificate: face at %v px: %w", size, err)
		}
		if size <= minSize || font.MeasureString(face, s).Ceil() <= width {
			return face, nil
		}
	}
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

// QRQuiet is the light margin around a QR code, in modules (the standard's 4).
const QRQuiet = 4

// qrColumn is where the right column, the QR code's, begins; text on the left stops 40 px
// before it.
const qrColumn = 860

// qrArea is the square the code and its quiet zone fit in.
var qrArea = image.Rect(qrColumn+40, 150, Width-80, 150+(Width-80-qrColumn-40))

// QRPlace is where Render draws a code of the given size: its top-left module's corner and
// the pixels per module, as large as whole pixels allow inside qrArea (centred). Whole
// pixels keep every module sharp, which scanners (and the tests reading the image) rely on.
func QRPlace(size int) (x0, y0, px int) {
	n := size + 2*QRQuiet
	px = qrArea.Dx() / n
	x0 = qrArea.Min.X + (qrArea.Dx()-px*n)/2 + QRQuiet*px
	return x0, qrArea.Min.Y + QRQuiet*px, px
}

// qrBlock draws the code on white with its quiet zone, and a caption under it.
func qrBlock(img *image.RGBA, fs *faces, c *qr.Code) {
	x0, y0, px := QRPlace(c.Size)
	if px < 1 {
		return
	}
	q := QRQuiet * px
	side := (c.Size + 2*QRQuiet) * px
	fillRect(img, image.Rect(x0-q, y0-q, x0-q+side, y0-q+side), white)
	ink := color.RGBA{0x12, 0x0a, 0x08, 0xff}
	for y := range c.Size {
		for x := range c.Size {
			if c.Black(x, y) {
				fillRect(img, image.Rect(x0+x*px, y0+y*px, x0+(x+1)*px, y0+(y+1)*px), ink)
			}
		}
	}
	caption := "SCAN TO VERIFY"
	w := font.MeasureString(fs.label, caption).Ceil()
	text(img, fs.label, x0-q+(side-w)/2, y0-q+side+30, muted, caption)
}
