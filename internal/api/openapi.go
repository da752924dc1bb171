package api

import (
	"bytes"
	"crypto/sha256"
	_ "embed" // the contract ships inside the binary
	"encoding/hex"
	"net/http"
	"time"
)

// openAPIDocument is the OpenAPI 3.1 contract of /api/v1: every route, parameter, request
// body and response shape. Tests keep it true: every route of the route table is in it,
// and every response the API tests receive validates against it.
//
//go:embed openapi.json
var openAPIDocument []byte

// OpenAPIDocument returns a copy of the embedded OpenAPI document.
func OpenAPIDocument() []byte { return bytes.Clone(openAPIDocument) }

// OpenAPIHandler serves GET /api/v1/openapi.json. The document changes only with the
// binary, so clients may keep it and revalidate with its ETag (a 304 costs nothing).
func OpenAPIHandler() http.HandlerFunc {
	sum := sha256.Sum256(openAPIDocument)
	etag := `"` + hex.EncodeToString(sum[:8]) + `"`
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("ETag", etag)
		http.ServeContent(w, r, "openapi.json", time.Time{}, bytes.NewReader(openAPIDocument))
	}
}
