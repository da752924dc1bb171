// Package web embeds the built React app (web/dist, made by `npm run build`).
//
// A fresh clone has no build: web/dist then holds only .gitkeep (tracked; web/public has
// the same empty file, which the Vite build copies back after emptying dist, so a build
// leaves `git status` clean). Without index.html in dist, Dist serves web/noui, a page
// that says how to build the app: Go contributors need no Node for `go build` or
// `go test ./...`.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

//go:embed noui
var noui embed.FS

// Dist returns the build with index.html at its root, or the "not built" page.
func Dist() fs.FS {
	root, dir := fs.FS(dist), "dist"
	if !Built() {
		root, dir = noui, "noui"
	}
	sub, err := fs.Sub(root, dir)
	if err != nil { // only if the embed patterns above change
		panic(err)
	}
	return sub
}

// Built reports whether the binary embeds a real web build.
func Built() bool {
	_, err := fs.Stat(dist, "dist/index.html")
	return err == nil
}
