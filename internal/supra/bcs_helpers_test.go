package supra

import "github.com/aptos-labs/aptos-go-sdk/bcs"

func bcsBytes(m bcs.Marshaler) ([]byte, error) { return bcs.Serialize(m) }

func bcsDecode(u bcs.Unmarshaler, b []byte) error { return bcs.Deserialize(u, b) }
