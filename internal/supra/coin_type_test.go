package supra

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestCoinTypeParsesToOneCanonicalForm(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"0x1::supra_coin::SupraCoin", "0x1::supra_coin::SupraCoin"},
		{"0x01::supra_coin::SupraCoin", "0x1::supra_coin::SupraCoin"},
		{"0x0000000000000000000000000000000000000000000000000000000000000001::supra_coin::SupraCoin", "0x1::supra_coin::SupraCoin"},
		{" 0xABC::memecoins::LUCKY ", "0xabc::memecoins::LUCKY"},
		{"0xa::lp::LP<0x1::supra_coin::SupraCoin,0xb::m::X>", "0xa::lp::LP<0x1::supra_coin::SupraCoin, 0xb::m::X>"},
	}
	for _, tt := range tests {
		c, err := ParseCoinType(tt.in)
		if err != nil {
			t.Fatalf("ParseCoinType(%q): %v", tt.in, err)
		}
		if c.String() != tt.want {
			t.Errorf("ParseCoinType(%q) = %q, want %q", tt.in, c, tt.want)
		}
		if again := MustCoinType(c.String()); again != c {
			t.Errorf("%q does not round-trip", tt.in)
		}
	}
}

func TestCoinTypeRejectsWhatIsNotACoin(t *testing.T) {
	for _, in := range []string{"", "u64", "vector<u8>", "0x1::supra_coin", "SupraCoin", "0xzz::a::B"} {
		if _, err := ParseCoinType(in); !errors.Is(err, ErrInvalidTypeTag) && !errors.Is(err, ErrInvalidAddress) {
			t.Errorf("ParseCoinType(%q) err = %v, want ErrInvalidTypeTag or ErrInvalidAddress", in, err)
		}
	}
}

func TestCoinTypeEqualityOrderAndNative(t *testing.T) {
	supraCoin := MustCoinType("0x0001::supra_coin::SupraCoin")
	lucky := MustCoinType("0xabc::memecoins::LUCKY")
	if supraCoin != NativeCoin() || !supraCoin.IsNative() || lucky.IsNative() {
		t.Fatal("SUPRA is the native coin, whichever way its address is written")
	}
	// Liquidswap order: shorter struct names first, so LUCKY sorts before SupraCoin.
	if lucky.Compare(supraCoin) != -1 || supraCoin.Compare(lucky) != 1 || lucky.Compare(lucky) != 0 {
		t.Fatal("coin order is not coin_helper::compare")
	}
	if (CoinType{}).IsZero() != true || lucky.IsZero() {
		t.Fatal("IsZero")
	}
	if tt := lucky.TypeTag(); tt.Kind != KindStruct || tt.Struct.Name != "LUCKY" {
		t.Fatalf("TypeTag = %+v", tt)
	}
}

func TestCoinTypeJSON(t *testing.T) {
	var v struct {
		Coin CoinType            `json:"coin"`
		By   map[CoinType]string `json:"by"`
	}
	if err := json.Unmarshal([]byte(`{"coin":"0x01::supra_coin::SupraCoin","by":{"0x0abc::m::X":"x"}}`), &v); err != nil {
		t.Fatal(err)
	}
	if v.Coin != NativeCoin() || v.By[MustCoinType("0xabc::m::X")] != "x" {
		t.Fatalf("decoded %+v", v)
	}
	b, _ := json.Marshal(v)
	if string(b) != `{"coin":"0x1::supra_coin::SupraCoin","by":{"0xabc::m::X":"x"}}` {
		t.Fatalf("encoded %s", b)
	}
	if err := json.Unmarshal([]byte(`{"coin":"u64"}`), &v); err == nil {
		t.Fatal("a non-coin type decoded")
	}
}
