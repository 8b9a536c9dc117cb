package data

import _ "embed"

// The default lexicon, compiled by lexicon/gendefault from data/lexicon/source (provenance and
// licences in data/lexicon); a test proves these files are what the generator makes. They are
// strings so the graph can be read in place, without a copy. To regenerate after deleting them,
// create empty files first (the generator compiles against this package).
//
//go:generate go run ../lexicon/gendefault -src lexicon/source -out lexicon
var (
	//go:embed lexicon/FISE2-LIBRE.kwg
	DefaultLexiconKWG string
	//go:embed lexicon/FISE2-LIBRE.json
	DefaultLexiconInfo string
)
