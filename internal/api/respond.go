// Package api implements the /api/v1 handlers: parse, validate, call, respond.
// Every error leaves in one shape: {"error":{"code":"…","message":"…"}}.
package api

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
)

// Error codes of the JSON error shape.
const (
	CodeBadRequest  = "bad_request"
	CodeNotFound    = "not_found"
	CodeMethod      = "method_not_allowed"
	CodeUnavailable = "node_unavailable"
	CodeInternal    = "internal_error"
)

type errorBody struct {
	Error struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// WriteJSON writes v as JSON with the given status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// WriteError writes the one error shape. Server-side failures are logged; the message a
// client sees is meant for people and never carries internals.
func WriteError(w http.ResponseWriter, r *http.Request, log *slog.Logger, status int, code, message string) {
	if status >= 500 {
		log.Error("request failed", "method", r.Method, "path", r.URL.Path, "status", status, "code", code, "message", message)
	}
	var body errorBody
	body.Error.Code = code
	body.Error.Message = message
	WriteJSON(w, status, body)
}

// NotFound answers unknown /api/ paths.
func NotFound(log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		WriteError(w, r, log, http.StatusNotFound, CodeNotFound, "No API endpoint at "+r.URL.Path)
	}
}

// AcceptsEncoding reports whether the request accepts a content coding (gzip, br) with a
// weight above zero.
func AcceptsEncoding(r *http.Request, enc string) bool {
	return acceptsCoding(r.Header.Get("Accept-Encoding"), enc)
}

// acceptsCoding is AcceptsEncoding on the header's value. It reads the list in place: it
// runs on every request, and splitting it would allocate.
func acceptsCoding(header, enc string) bool {
	for header != "" {
		var part string
		part, header, _ = strings.Cut(header, ",")
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), enc) {
			continue
		}
		q, found := strings.CutPrefix(strings.ReplaceAll(params, " ", ""), "q=")
		if !found {
			return true
		}
		v, err := strconv.ParseFloat(q, 64)
		return err == nil && v > 0
	}
	return false
}
