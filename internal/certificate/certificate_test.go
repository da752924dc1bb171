package certificate

import (
	"bytes"
	"image/png"
	"testing"
	"time"
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
