// Package data holds atril's embedded assets: tile sets and board layouts. The default lexicon
// has a package of its own, data/defaultlex.
//
// Like all of data/, it imports nothing of atril's.
package data

import "embed"

// FS holds every embedded asset, addressed by its path below data/.
//
//go:embed tiles boards
var FS embed.FS
