package supra

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// nestedVectorJSON is serde's JSON of vector<vector<…<u8>…>> with n vectors.
func nestedVectorJSON(n int) string {
	return strings.Repeat(`{"vector":`, n) + `"u8"` + strings.Repeat("}", n)
}

// nestedStructJSON is 0x1::m::S<0x1::m::S<…<u8>…>> with n structs, each type argument one
// level deeper.
func nestedStructJSON(n int) string {
	return strings.Repeat(`{"struct":{"address":"0x1","module":"m","name":"S","type_args":[`, n) + `"u8"` + strings.Repeat("]}}", n)
}

// The JSON form has the depth limit of the string and BCS forms: the deepest type one of
// them accepts is accepted, one level more is refused with the same message.
func TestTypeTagJSONDepthMatchesStringForm(t *testing.T) {
	tests := []struct {
		name string
		json string
		str  string
	}{
		{"vectors", nestedVectorJSON(MaxTypeDepth), strings.Repeat("vector<", MaxTypeDepth) + "u8" + strings.Repeat(">", MaxTypeDepth)},
		{"structs", nestedStructJSON(MaxTypeDepth), strings.Repeat("0x1::m::S<", MaxTypeDepth) + "u8" + strings.Repeat(">", MaxTypeDepth)},
		{"string inside JSON", strings.Repeat(`{"vector":`, 8) + `"` + strings.Repeat("vector<", 8) + "u8" + strings.Repeat(">", 8) + `"` + strings.Repeat("}", 8),
			strings.Repeat("vector<", MaxTypeDepth) + "u8" + strings.Repeat(">", MaxTypeDepth)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got TypeTag
			if err := json.Unmarshal([]byte(tt.json), &got); err != nil {
				t.Fatalf("depth %d refused: %v", MaxTypeDepth, err)
			}
			want, err := ParseTypeTag(tt.str)
			if err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Fatalf("got %s, want %s", got, want)
			}
			// One level more: refused in every form.
			deeper := `{"vector":` + tt.json + `}`
			err = json.Unmarshal([]byte(deeper), &got)
			if !errors.Is(err, ErrInvalidTypeTag) || !strings.Contains(err.Error(), "type nested deeper than 16") {
				t.Fatalf("depth %d: %v", MaxTypeDepth+1, err)
			}
			if _, err := ParseTypeTag("vector<" + tt.str + ">"); err == nil || !strings.Contains(err.Error(), "type nested deeper than 16") {
				t.Fatalf("string form at depth %d: %v", MaxTypeDepth+1, err)
			}
		})
	}
}

// A 110 KB type nested 9,990 deep (within encoding/json's own nesting limit) is refused
// after reading at most MaxTypeDepth+1 levels; its cost is measured by
// BenchmarkTypeTagJSONHostile.
func TestTypeTagJSONHostileNestingRefused(t *testing.T) {
	for _, in := range []string{nestedVectorJSON(9990), nestedStructJSON(3300)} {
		var tag TypeTag
		err := json.Unmarshal([]byte(in), &tag)
		if !errors.Is(err, ErrInvalidTypeTag) || !strings.Contains(err.Error(), "type nested deeper than 16") {
			t.Fatalf("%d bytes: %v", len(in), err)
		}
	}
	// The error echoes a bounded part of the input, never all of it.
	_, err := ParseTypeTag(strings.Repeat("vector<", 5000) + "u8" + strings.Repeat(">", 5000))
	if err == nil || len(err.Error()) > 300 {
		t.Fatalf("error of %d bytes: %.300v", len(err.Error()), err)
	}
}

// BenchmarkTypeTagJSONHostile decodes the 110 KB, 9,990-deep ty_args of a hostile submit
// body; before the depth bound it took about 15 s of CPU, now it is one linear pass per
// allowed level.
func BenchmarkTypeTagJSONHostile(b *testing.B) {
	in := []byte(`[` + nestedVectorJSON(9990) + `]`)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		var tags []TypeTag
		if err := json.Unmarshal(in, &tags); err == nil {
			b.Fatal("accepted")
		}
	}
}
