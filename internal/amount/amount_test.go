package amount

import (
	"errors"
	"math/big"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in       string
		decimals uint8
		want     string
		err      error
	}{
		{"0.1", 8, "10000000", nil},
		{"10000", 3, "10000000", nil},
		{"10", 6, "10000000", nil},
		{"12.5", 6, "12500000", nil},
		{".5", 2, "50", nil},
		{"5.", 2, "500", nil},
		{"007", 0, "7", nil},
		{"0.00000001", 8, "1", nil},
		{"0.000000001", 8, "", ErrPrecision},
		{"1.234", 2, "", ErrPrecision},
		{"", 6, "", ErrSyntax},
		{".", 6, "", ErrSyntax},
		{"-1", 6, "", ErrSyntax},
		{"+1", 6, "", ErrSyntax},
		{"1e5", 6, "", ErrSyntax},
		{"1,000", 6, "", ErrSyntax},
		{"1.2.3", 6, "", ErrSyntax},
		{"abc", 6, "", ErrSyntax},
		{"١٢", 0, "", ErrSyntax}, // non-ASCII digits
	}
	for _, tt := range tests {
		got, err := Parse(tt.in, tt.decimals)
		if tt.err != nil {
			if !errors.Is(err, tt.err) {
				t.Errorf("Parse(%q) err = %v, want %v", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || got.String() != tt.want {
			t.Errorf("Parse(%q, %d) = %v, %v; want %s", tt.in, tt.decimals, got, err, tt.want)
		}
	}
}

func TestParseUint64Range(t *testing.T) {
	if v, err := ParseUint64("184467440737.09551615", 8); err != nil || v != ^uint64(0) {
		t.Fatalf("max u64: %d %v", v, err)
	}
	if _, err := ParseUint64("184467440737.09551616", 8); !errors.Is(err, ErrRange) {
		t.Fatalf("overflow: %v", err)
	}
}

func TestFormat(t *testing.T) {
	tests := []struct {
		base             int64
		decimals, places uint8
		want, exact      string
	}{
		{515000000, 6, 2, "515.00", "515"},
		{9500000, 6, 2, "9.50", "9.5"},
		{1999, 3, 2, "1.99", "1.999"},
		{1, 8, 2, "0.00", "0.00000001"},
		{-485000000, 6, 2, "-485.00", "-485"},
		{-1, 8, 2, "0.00", "-0.00000001"},
		{42, 0, 2, "42", "42"},
	}
	for _, tt := range tests {
		b := big.NewInt(tt.base)
		if got := Format(b, tt.decimals, tt.places); got != tt.want {
			t.Errorf("Format(%d) = %q, want %q", tt.base, got, tt.want)
		}
		if got := Exact(b, tt.decimals); got != tt.exact {
			t.Errorf("Exact(%d) = %q, want %q", tt.base, got, tt.exact)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"0.1", "10", ".", "1e9", "99999999999999999999.99"} {
		f.Add(s, uint8(6))
	}
	f.Fuzz(func(t *testing.T, s string, d uint8) {
		d %= 19
		n, err := Parse(s, d)
		if err != nil {
			return
		}
		// Round trip: the exact rendering parses back to the same integer.
		back, err := Parse(Exact(n, d), d)
		if err != nil || back.Cmp(n) != 0 {
			t.Fatalf("round trip %q -> %s -> %v (%v)", s, Exact(n, d), back, err)
		}
	})
}

func TestGroup(t *testing.T) {
	for in, want := range map[string]string{
		"0": "0", "999": "999", "1000": "1,000", "1234567.5": "1,234,567.5", "-1000.25": "-1,000.25", "100000": "100,000",
	} {
		if got := Group(in); got != want {
			t.Errorf("Group(%q) = %q, want %q", in, got, want)
		}
	}
}
