package lexicon

import "strings"

// SameName reports whether two lexicon names name one lexicon. Names are told apart without
// regard to case, as the lexicon registry stores them (fise2 is FISE2): a deck made under one
// spelling is reviewed under the other, a CGP's "ld" matches either. Every "same lexicon?"
// check goes through here.
func SameName(a, b string) bool { return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b)) }
