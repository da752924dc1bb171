package api

import (
	"encoding/json"
	"testing"
)

func TestParseSpins(t *testing.T) {
	for in, want := range map[string]string{`3`: "3", `"3"`: "3", `" 12 "`: "12", `"-1"`: "-1", `1000000000000000000000`: "1000000000000000000000"} {
		n, err := parseSpins(json.RawMessage(in))
		if err != nil || n.String() != want {
			t.Errorf("%s: %v %v", in, n, err)
		}
	}
	for _, in := range []string{`1.5`, `"x"`, `null`, `""`, `[]`, `{}`, `true`} {
		if _, err := parseSpins(json.RawMessage(in)); err == nil {
			t.Errorf("%s accepted", in)
		}
	}
}
