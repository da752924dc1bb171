// Package web embeds the built React app (web/dist, made by `npm run build`).
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist returns the build with index.html at its root.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil { // only if the embed pattern above changes
		panic(err)
	}
	return sub
}
