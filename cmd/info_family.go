package cmd

import "github.com/atril-scrabble/atril/lexicon/morph"

// familyJSON is a family a word belongs to, as `info --json` prints it.
type familyJSON = morph.FamilyJSON
