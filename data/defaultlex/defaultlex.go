// Package defaultlex embeds atril's default lexicon, FISE2-LIBRE: its word graph and metadata,
// compiled by lexicon/gendefault from source/ (provenance and licences beside them). A test of
// the generator proves these files are what it makes. Only what opens the default (the lexicon
// registry) imports this package, so that importing the engine does not embed 4 MB.
//
// Like all of data/, it imports nothing of atril's.
package defaultlex

import _ "embed"

// The files are strings so that the graph can be read in place, without a copy (see
// lexicon.KWGInPlace). The generator does not import this package: it runs with the files
// deleted.
//
//go:generate go run ../../lexicon/gendefault -src source -out .
var (
	// KWG is FISE2-LIBRE.kwg, the word graph in the KWG format.
	//go:embed FISE2-LIBRE.kwg
	KWG string
	// InfoJSON is FISE2-LIBRE.json, the lexicon's metadata (a lexicon.Info).
	//go:embed FISE2-LIBRE.json
	InfoJSON string
)
