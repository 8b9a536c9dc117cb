package drills

import (
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/lexicon/morph"
)

// KindFamily is the family drill: which forms of a verb (or noun, adjective) the lexicon has.
const KindFamily Kind = "family"

// FamilyOptions select a family drill.
type FamilyOptions struct {
	Count int
	Seed  uint64
	// Complete asks, for a lemma and a length, every form of its family of that length;
	// otherwise each question is one form, real or phony, to judge.
	Complete bool
	// Length is the tiles of the forms asked (0: any; in Complete mode, a length the family
	// has at least two forms of, drawn for each lemma).
	Length int
	// Nominal asks noun and adjective families instead of verbs.
	Nominal bool
	// Lemmas, when given, are the lemmas asked (any spelling), in this order; else drawn.
	Lemmas []string
	// Forms is how many forms of one lemma the judging mode asks (half of them real, about).
	Forms int
}

// DefaultFamilyForms is how many forms of a lemma the judging mode asks.
const DefaultFamilyForms = 6

// Family makes family questions. Judging: forms of a lemma, real ones and phonies the
// lexicon's morphology predicts for it (lexicon/morph), each valid or not, the lemma shown
// with each. Complete: a lemma and a length, answered with every form of that length.
func Family(lex *lexicon.Lexicon, opt FamilyOptions) ([]Question, error) {
	if err := checkCount(opt.Count); err != nil {
		return nil, err
	}
	if opt.Length != 0 && (opt.Length < 2 || opt.Length > 15) {
		return nil, i18n.E("drill.err.lengths", "Min", opt.Length, "Max", opt.Length)
	}
	ts := lex.Tiles
	m := morph.For(lex)
	rng := newRand(opt.Seed)
	class := morph.VerbForm
	if opt.Nominal {
		class = morph.Nominal
	}
	var lemmas [][]lexicon.Tile
	fixed := len(opt.Lemmas) > 0
	for _, s := range opt.Lemmas {
		w, err := ts.ParseWord(s)
		if err != nil {
			return nil, err
		}
		lemmas = append(lemmas, w)
	}
	if !fixed {
		lemmas = m.Lemmas(class)
	}
	n := opt.Count
	if n == 0 {
		n = sheetCount
	}
	forms := opt.Forms
	if forms <= 0 {
		forms = DefaultFamilyForms
	}
	var qs []Question
	seen := map[string]bool{}
	for tries := 0; len(qs) < n && tries < 50*n+100 && len(lemmas) > 0; tries++ {
		var lemma []lexicon.Tile
		if fixed {
			if tries >= len(lemmas) {
				break
			}
			lemma = lemmas[tries]
		} else {
			lemma = lemmas[rng.IntN(len(lemmas))]
		}
		f, ok := familyOf(m, lemma, class)
		if !ok {
			if fixed {
				return nil, i18n.E("family.err.no_family", "Word", ts.Display(lemma))
			}
			continue
		}
		if opt.Complete {
			q, ok := completeQuestion(ts, f, opt.Length, rng)
			if ok && !seen[q.Card] {
				seen[q.Card] = true
				qs = append(qs, q)
			}
			continue
		}
		for _, q := range familyJudge(m, ts, f, opt.Length, forms, rng) {
			if len(qs) < n && !seen[q.Card] {
				seen[q.Card] = true
				qs = append(qs, q)
			}
		}
	}
	if len(qs) == 0 {
		return nil, i18n.E("family.err.no_questions")
	}
	return qs, nil
}

// familyOf is the family of a lemma of the class.
func familyOf(m *morph.Model, lemma []lexicon.Tile, class morph.Class) (morph.Family, bool) {
	if class == morph.VerbForm {
		if f, ok := m.VerbFamily(lemma); ok {
			return f, true
		}
	}
	for _, f := range m.FamiliesOf(lemma) {
		if f.Class == class || class == morph.VerbForm {
			return f, len(f.Forms) > 1
		}
	}
	return morph.Family{}, false
}

// completeQuestion asks every form of f of one length.
func completeQuestion(ts *lexicon.TileSet, f morph.Family, length int, rng *rand.Rand) (Question, bool) {
	byLen := map[int][][]lexicon.Tile{}
	for _, fm := range f.Forms {
		byLen[len(fm.Word)] = append(byLen[len(fm.Word)], fm.Word)
	}
	if length == 0 {
		var ls []int
		for l, ws := range byLen {
			if len(ws) >= 2 {
				ls = append(ls, l)
			}
		}
		if len(ls) == 0 {
			return Question{}, false
		}
		slices.Sort(ls)
		length = ls[rng.IntN(len(ls))]
	}
	ws := byLen[length]
	if len(ws) == 0 {
		return Question{}, false
	}
	words, _ := wordStrings(ts, ws, false)
	lemma := ts.Display(f.Lemma)
	return Question{
		Kind: KindFamily, Form: FormWords,
		Card:   "family " + ts.Notation(f.Lemma) + " " + strconv.Itoa(length),
		Show:   lemma,
		Ask:    T("family.ask.complete", "Lemma", lemma, "Tiles", length),
		Words:  words,
		minLen: length,
		offWhy: T("family.why.not_form", "Lemma", lemma, "Tiles", length),
	}, true
}

// familyJudge asks forms of f, real and phony, about half each, most plausible phonies first.
func familyJudge(m *morph.Model, ts *lexicon.TileSet, f morph.Family, length, n int, rng *rand.Rand) []Question {
	lemma := ts.Display(f.Lemma)
	var real []morph.Form
	for _, fm := range f.Forms[1:] {
		if length == 0 || len(fm.Word) == length {
			real = append(real, fm)
		}
	}
	var fake []morph.Phony
	for _, p := range m.FamilyPhonies(rng, f, 3*n) {
		if (length == 0 || len(p.Word) == length) && p.Plausibility >= morph.MinPlausibility {
			fake = append(fake, p)
		}
	}
	if len(real) == 0 || len(fake) == 0 {
		return nil
	}
	nFake := min(len(fake), n/2)
	nReal := min(len(real), n-nFake)
	var qs []Question
	for _, i := range sample(rng, len(real), nReal) {
		fm := real[i]
		q := familyYesNo(ts, lemma, fm.Word, true)
		q.Note = T("family.note.form", "Lemma", lemma, "Rule", fm.Rule)
		qs = append(qs, q)
	}
	for _, p := range fake[:nFake] {
		q := familyYesNo(ts, lemma, p.Word, false)
		q.Note = T("drill.note.morph_phony", "Word", lemma, "Rule", p.Rule)
		qs = append(qs, q)
	}
	rng.Shuffle(len(qs), func(i, j int) { qs[i], qs[j] = qs[j], qs[i] })
	return qs
}

func familyYesNo(ts *lexicon.TileSet, lemma string, w []lexicon.Tile, valid bool) Question {
	return Question{Kind: KindFamily, Form: FormYesNo, Card: ts.Notation(w), Show: ShowTiles(ts, w),
		Ask: T("family.ask.judge", "Lemma", lemma), Valid: valid, tiles: w}
}
