package supra

import (
	"encoding/json"
	"testing"
)

func FuzzParseAddress(f *testing.F) {
	for _, s := range []string{"0x1", "1", "0x", "", "0xffffffffffffffffffffffffffffffff",
		"0x0000000000000000000000000000000000000000000000000000000000000001", "0xZZ", "0x" + string(make([]byte, 70))} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAddress(s)
		if err != nil {
			return
		}
		// A parsed address re-parses to itself in both renderings.
		if b, err := ParseAddress(a.String()); err != nil || b != a {
			t.Fatalf("full form %s does not round-trip", a)
		}
		if b, err := ParseAddress(a.ShortString()); err != nil || b != a {
			t.Fatalf("short form %s does not round-trip", a.ShortString())
		}
	})
}

func FuzzParseTypeTag(f *testing.F) {
	for _, s := range []string{"u8", "vector<u8>", "0x1::coin::CoinStore<0x1::supra_coin::SupraCoin>",
		"0x1::a::B<u64, vector<address>>", "vector<", "0x1::a::B<0x2::c::D<bool>>", "signer"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tag, err := ParseTypeTag(s)
		if err != nil {
			return
		}
		// Canonical rendering is a fixed point and survives BCS and JSON.
		c := tag.String()
		again, err := ParseTypeTag(c)
		if err != nil || again.String() != c {
			t.Fatalf("%q renders %q which re-parses to %q (%v)", s, c, again.String(), err)
		}
		b, err := bcsBytes(&tag)
		if err != nil {
			t.Fatal(err)
		}
		var back TypeTag
		if err := bcsDecode(&back, b); err != nil || back.String() != c {
			t.Fatalf("BCS round trip of %q: %q %v", c, back.String(), err)
		}
		j, err := json.Marshal(tag)
		if err != nil {
			t.Fatal(err)
		}
		var jb TypeTag
		if err := json.Unmarshal(j, &jb); err != nil || jb.String() != c {
			t.Fatalf("JSON round trip of %q: %q %v", c, jb.String(), err)
		}
	})
}

func FuzzDecodeSignedTransaction(f *testing.F) {
	st, _ := sampleTx(f)
	b, _ := st.Bytes()
	f.Add(b)
	f.Add(b[:40])
	f.Add([]byte{})
	f.Add(append(append([]byte{}, b[:41]...), 0xff, 0xff, 0xff, 0xff, 0x0f))
	f.Fuzz(func(t *testing.T, data []byte) {
		tx, err := DecodeSignedTransaction(data)
		if err != nil {
			return
		}
		out, err := tx.Bytes()
		if err != nil {
			t.Fatalf("decoded transaction does not re-encode: %v", err)
		}
		if string(out) != string(data) {
			t.Fatalf("re-encoding differs: %x vs %x", out, data)
		}
		_ = tx.Verify()
		_, _ = tx.Hash()
	})
}
