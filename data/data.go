// Package data holds atril's embedded assets: tile sets, board layouts and the default lexicon.
package data

import "embed"

// FS holds every embedded asset, addressed by its path below data/.
//
//go:embed tiles boards
var FS embed.FS
