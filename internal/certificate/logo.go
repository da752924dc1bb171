package certificate

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// ErrLogoUnsupported marks a logo this package cannot draw: the certificate then shows
// the token's monogram instead.
var ErrLogoUnsupported = errors.New("certificate: logo not drawable")

// The token logos the app ships (web/public/images/tokens/*.svg) are small SVGs made of
// circles filled with a colour or a linear gradient and a centred label. The standard
// library draws no SVG, so LogoFromSVG draws exactly that subset; any other element or
// attribute value is refused with ErrLogoUnsupported rather than drawn wrongly.

type svgNode struct {
	XMLName  xml.Name
	Attrs    []xml.Attr `xml:",any,attr"`
	Children []svgNode  `xml:",any"`
	Text     string     `xml:",chardata"`
}

func (n svgNode) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

type stop struct {
	offset float64
	c      color.NRGBA
}

type gradient struct {
	x1, y1, x2, y2 float64
	stops          []stop
}

// LogoFromSVG draws an SVG logo (the subset above) as a size×size image.
func LogoFromSVG(data []byte, size int) (image.Image, error) {
	var root svgNode
	dec := xml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&root); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrLogoUnsupported, err)
	}
	if root.XMLName.Local != "svg" {
		return nil, fmt.Errorf("%w: root <%s>", ErrLogoUnsupported, root.XMLName.Local)
	}
	vb := strings.Fields(strings.ReplaceAll(root.attr("viewBox"), ",", " "))
	if len(vb) != 4 {
		return nil, fmt.Errorf("%w: viewBox %q", ErrLogoUnsupported, root.attr("viewBox"))
	}
	var box [4]float64
	for i, s := range vb {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, fmt.Errorf("%w: viewBox %q", ErrLogoUnsupported, root.attr("viewBox"))
		}
		box[i] = v
	}
	if box[2] <= 0 || box[2] != box[3] {
		return nil, fmt.Errorf("%w: viewBox not square", ErrLogoUnsupported)
	}
	l := &logoPainter{img: image.NewRGBA(image.Rect(0, 0, size, size)), scale: float64(size) / box[2],
		ox: box[0], oy: box[1], grads: map[string]gradient{}}
	if err := l.children(root.Children); err != nil {
		return nil, err
	}
	return l.img, nil
}

type logoPainter struct {
	img    *image.RGBA
	scale  float64
	ox, oy float64
	grads  map[string]gradient
}

func (l *logoPainter) children(ns []svgNode) error {
	for _, n := range ns {
		if err := l.node(n); err != nil {
			return err
		}
	}
	return nil
}

func (l *logoPainter) node(n svgNode) error {
	switch n.XMLName.Local {
	case "defs":
		return l.children(n.Children)
	case "title", "desc":
		return nil
	case "linearGradient":
		return l.gradient(n)
	case "circle":
		return l.circle(n)
	case "text":
		return l.text(n)
	default:
		return fmt.Errorf("%w: <%s>", ErrLogoUnsupported, n.XMLName.Local)
	}
}

func num(s string, def float64) (float64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return def, nil
	}
	if p, ok := strings.CutSuffix(s, "%"); ok {
		v, err := strconv.ParseFloat(p, 64)
		return v / 100, err
	}
	return strconv.ParseFloat(s, 64)
}

func (l *logoPainter) gradient(n svgNode) error {
	if u := n.attr("gradientUnits"); u != "" && u != "objectBoundingBox" {
		return fmt.Errorf("%w: gradientUnits %q", ErrLogoUnsupported, u)
	}
	var g gradient
	var err error
	for _, p := range []struct {
		dst *float64
		key string
		def float64
	}{{&g.x1, "x1", 0}, {&g.y1, "y1", 0}, {&g.x2, "x2", 1}, {&g.y2, "y2", 0}} {
		if *p.dst, err = num(n.attr(p.key), p.def); err != nil {
			return fmt.Errorf("%w: gradient %s", ErrLogoUnsupported, p.key)
		}
	}
	for _, s := range n.Children {
		if s.XMLName.Local != "stop" {
			return fmt.Errorf("%w: <%s> in a gradient", ErrLogoUnsupported, s.XMLName.Local)
		}
		off, err := num(s.attr("offset"), 0)
		if err != nil {
			return fmt.Errorf("%w: stop offset", ErrLogoUnsupported)
		}
		c, err := paint(s.attr("stop-color"))
		if err != nil {
			return err
		}
		op, err := num(s.attr("stop-opacity"), 1)
		if err != nil {
			return fmt.Errorf("%w: stop-opacity", ErrLogoUnsupported)
		}
		c.A = uint8(float64(c.A) * clamp01(op))
		g.stops = append(g.stops, stop{clamp01(off), c})
	}
	if len(g.stops) == 0 || n.attr("id") == "" {
		return fmt.Errorf("%w: gradient without id or stops", ErrLogoUnsupported)
	}
	l.grads[n.attr("id")] = g
	return nil
}

// paint parses a colour: #rgb, #rrggbb or a few names.
func paint(s string) (color.NRGBA, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	switch s {
	case "white":
		return color.NRGBA{0xff, 0xff, 0xff, 0xff}, nil
	case "black", "":
		return color.NRGBA{0, 0, 0, 0xff}, nil
	}
	h, ok := strings.CutPrefix(s, "#")
	if ok && len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if !ok || len(h) != 6 || err != nil {
		return color.NRGBA{}, fmt.Errorf("%w: colour %q", ErrLogoUnsupported, s)
	}
	return color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}, nil
}

func clamp01(v float64) float64 { return math.Max(0, math.Min(1, v)) }

// source is what a fill or stroke paints with, over the element's bounding box, with the
// element's opacity applied; nil for "none".
func (l *logoPainter) source(spec string, opacity float64, bx, by, bw, bh float64) (image.Image, error) {
	spec = strings.TrimSpace(spec)
	if spec == "none" {
		return nil, nil
	}
	if id, ok := strings.CutPrefix(spec, "url(#"); ok {
		g, found := l.grads[strings.TrimSuffix(id, ")")]
		if !found {
			return nil, fmt.Errorf("%w: fill %q", ErrLogoUnsupported, spec)
		}
		return &gradientImage{g: g, opacity: opacity, bx: bx, by: by, bw: bw, bh: bh, scale: l.scale, ox: l.ox, oy: l.oy}, nil
	}
	c, err := paint(spec)
	if err != nil {
		return nil, err
	}
	c.A = uint8(float64(c.A) * opacity)
	return image.NewUniform(c), nil
}

func (l *logoPainter) opacity(n svgNode, key string) (float64, error) {
	o, err := num(n.attr("opacity"), 1)
	if err != nil {
		return 0, fmt.Errorf("%w: opacity", ErrLogoUnsupported)
	}
	k, err := num(n.attr(key), 1)
	if err != nil {
		return 0, fmt.Errorf("%w: %s", ErrLogoUnsupported, key)
	}
	return clamp01(o) * clamp01(k), nil
}

func (l *logoPainter) circle(n svgNode) error {
	if n.attr("transform") != "" || n.attr("stroke-dasharray") != "" {
		return fmt.Errorf("%w: circle transform or dashes", ErrLogoUnsupported)
	}
	var cx, cy, r, sw float64
	var err error
	for _, p := range []struct {
		dst *float64
		key string
	}{{&cx, "cx"}, {&cy, "cy"}, {&r, "r"}, {&sw, "stroke-width"}} {
		def := 0.0
		if p.key == "stroke-width" {
			def = 1
		}
		if *p.dst, err = num(n.attr(p.key), def); err != nil {
			return fmt.Errorf("%w: circle %s", ErrLogoUnsupported, p.key)
		}
	}
	fill := n.attr("fill")
	if fill == "" {
		fill = "black"
	}
	fo, err := l.opacity(n, "fill-opacity")
	if err != nil {
		return err
	}
	src, err := l.source(fill, fo, cx-r, cy-r, 2*r, 2*r)
	if err != nil {
		return err
	}
	if src != nil {
		l.ring(cx, cy, r, 0, src)
	}
	if s := n.attr("stroke"); s != "" && s != "none" && sw > 0 {
		so, err := l.opacity(n, "stroke-opacity")
		if err != nil {
			return err
		}
		src, err := l.source(s, so, cx-r-sw/2, cy-r-sw/2, 2*r+sw, 2*r+sw)
		if err != nil {
			return err
		}
		if src != nil {
			l.ring(cx, cy, r+sw/2, math.Max(0, r-sw/2), src)
		}
	}
	return nil
}

// ring fills the disc of radius outer less the disc of radius inner (0: a full disc),
// antialiased: the inner circle is traced the other way round, so its area cancels.
func (l *logoPainter) ring(cx, cy, outer, inner float64, src image.Image) {
	b := l.img.Bounds()
	z := vector.NewRasterizer(b.Dx(), b.Dy())
	l.circlePath(z, cx, cy, outer, false)
	if inner > 0 {
		l.circlePath(z, cx, cy, inner, true)
	}
	z.Draw(l.img, b, src, image.Point{})
}

// circlePath adds a circle as four cubic Bézier arcs (the standard 0.5523 approximation).
func (l *logoPainter) circlePath(z *vector.Rasterizer, cx, cy, r float64, reverse bool) {
	const k = 0.5522847498
	s := l.scale
	px := func(x float64) float32 { return float32((x - l.ox) * s) }
	py := func(y float64) float32 { return float32((y - l.oy) * s) }
	d := 1.0
	if reverse {
		d = -1
	}
	z.MoveTo(px(cx+r), py(cy))
	z.CubeTo(px(cx+r), py(cy+d*k*r), px(cx+k*r), py(cy+d*r), px(cx), py(cy+d*r))
	z.CubeTo(px(cx-k*r), py(cy+d*r), px(cx-r), py(cy+d*k*r), px(cx-r), py(cy))
	z.CubeTo(px(cx-r), py(cy-d*k*r), px(cx-k*r), py(cy-d*r), px(cx), py(cy-d*r))
	z.CubeTo(px(cx+k*r), py(cy-d*r), px(cx+r), py(cy-d*k*r), px(cx+r), py(cy))
	z.ClosePath()
}

func (l *logoPainter) text(n svgNode) error {
	if n.attr("transform") != "" || len(n.Children) > 0 {
		return fmt.Errorf("%w: text transform or spans", ErrLogoUnsupported)
	}
	x, err1 := num(n.attr("x"), 0)
	y, err2 := num(n.attr("y"), 0)
	size, err3 := num(n.attr("font-size"), 16)
	if err := errors.Join(err1, err2, err3); err != nil {
		return fmt.Errorf("%w: text position or size", ErrLogoUnsupported)
	}
	label := strings.TrimSpace(n.Text)
	if label == "" {
		return nil
	}
	fill := n.attr("fill")
	if fill == "" {
		fill = "black"
	}
	op, err := l.opacity(n, "fill-opacity")
	if err != nil {
		return err
	}
	src, err := l.source(fill, op, 0, 0, 1, 1)
	if err != nil {
		return err
	}
	if src == nil {
		return nil
	}
	// Logos name a system sans-serif; Go's own bold (or regular) stands in for it.
	f := logoFontRegular
	if w := n.attr("font-weight"); w == "bold" || w == "bolder" || (len(w) == 3 && w >= "600") {
		f = logoFontBold
	}
	otf, err := f()
	if err != nil {
		return err
	}
	face, err := opentype.NewFace(otf, &opentype.FaceOptions{Size: size * l.scale, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return fmt.Errorf("certificate: logo font: %w", err)
	}
	defer face.Close()
	w := font.MeasureString(face, label)
	dot := fixed.Point26_6{X: fixed.Int26_6((x - l.ox) * l.scale * 64), Y: fixed.Int26_6((y - l.oy) * l.scale * 64)}
	switch n.attr("text-anchor") {
	case "middle":
		dot.X -= w / 2
	case "end":
		dot.X -= w
	case "", "start":
	default:
		return fmt.Errorf("%w: text-anchor", ErrLogoUnsupported)
	}
	d := font.Drawer{Dst: l.img, Src: src, Face: face, Dot: dot}
	d.DrawString(label)
	return nil
}

// gradientImage is a linear gradient in object bounding box units, with pad spreading.
type gradientImage struct {
	g              gradient
	opacity        float64
	bx, by, bw, bh float64
	scale, ox, oy  float64
}

func (g *gradientImage) ColorModel() color.Model { return color.NRGBAModel }
func (g *gradientImage) Bounds() image.Rectangle {
	return image.Rect(-1e9, -1e9, 1e9, 1e9)
}

func (g *gradientImage) At(x, y int) color.Color {
	// Pixel centre back in the bounding box's unit square.
	u := ((float64(x)+0.5)/g.scale + g.ox - g.bx) / g.bw
	v := ((float64(y)+0.5)/g.scale + g.oy - g.by) / g.bh
	dx, dy := g.g.x2-g.g.x1, g.g.y2-g.g.y1
	t := 0.0
	if n := dx*dx + dy*dy; n > 0 {
		t = clamp01(((u-g.g.x1)*dx + (v-g.g.y1)*dy) / n)
	}
	st := g.g.stops
	c := st[len(st)-1].c
	if t <= st[0].offset {
		c = st[0].c
	} else {
		for i := 1; i < len(st); i++ {
			if t <= st[i].offset {
				a, b := st[i-1], st[i]
				f := 0.0
				if b.offset > a.offset {
					f = (t - a.offset) / (b.offset - a.offset)
				}
				mix := func(p, q uint8) uint8 { return uint8(math.Round(float64(p) + (float64(q)-float64(p))*f)) }
				c = color.NRGBA{mix(a.c.R, b.c.R), mix(a.c.G, b.c.G), mix(a.c.B, b.c.B), mix(a.c.A, b.c.A)}
				break
			}
		}
	}
	c.A = uint8(float64(c.A) * g.opacity)
	return c
}

// drawLogo draws a logo rendered at r's size into r.
func drawLogo(dst *image.RGBA, r image.Rectangle, logo image.Image) {
	draw.Draw(dst, r, logo, logo.Bounds().Min, draw.Over)
}

// The fonts that stand in for a logo's sans-serif, parsed once.
var (
	logoFontBold    = sync.OnceValues(func() (*opentype.Font, error) { return opentype.Parse(gobold.TTF) })
	logoFontRegular = sync.OnceValues(func() (*opentype.Font, error) { return opentype.Parse(goregular.TTF) })
)
