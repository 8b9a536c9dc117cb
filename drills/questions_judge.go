package drills

import (
	"math"
	"strconv"
	"strings"

	"github.com/atril-scrabble/atril/internal/i18n"

	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/lexicon/morph"
)

// sheetCount is what Count 0 makes for drills that draw their questions (build, judge,
// digraphs): drawing never runs out, so "everything" is a study sheet's worth.
const sheetCount = 50

// JudgeOptions select a word-judging drill.
type JudgeOptions struct {
	Count int
	Seed  uint64
	// Words are where the real words and the phonies' sources come from.
	Words WordRange
	// RackShare (0-1) of the questions show a rack instead of a word: is there a word with all
	// its tiles? Half of those racks have none (a tile changed from a word's tiles).
	RackShare float64
}

// Judge makes word-judging questions: real words, phonies (decoys: forms the lexicon's
// morphology predicts that it lacks; one-tile edits for two-tile words), and racks
// with and without a word, in random order.
func Judge(lex *lexicon.Lexicon, opt JudgeOptions) ([]Question, error) {
	if err := checkCount(opt.Count); err != nil {
		return nil, err
	}
	if !(opt.RackShare >= 0 && opt.RackShare <= 1) { // NaN too
		return nil, i18n.E("drill.err.rack_share", "Share", strconv.FormatFloat(opt.RackShare, 'g', -1, 64))
	}
	pool, err := opt.Words.words(lex)
	if err != nil {
		return nil, err
	}
	ts := lex.Tiles
	n := opt.Count
	if n == 0 {
		n = sheetCount
	}
	nRacks := int(math.Round(float64(n) * opt.RackShare))
	nWords := (n - nRacks + 1) / 2
	nPhonies := n - nRacks - nWords
	rng := newRand(opt.Seed)
	pm := newPhonyMaker(lex, rng, pool)

	var qs []Question
	for _, i := range sample(rng, len(pool), nWords) {
		w := pool[i]
		qs = append(qs, judgeQuestion(ts, w, true))
	}
	for _, ph := range decoys(lex, rng, pm, pool, nPhonies, nil) {
		q := judgeQuestion(ts, ph.Word, false)
		q.Note = phonyNote(ts, ph, ts.Word)
		qs = append(qs, q)
	}
	qs = append(qs, judgeRacks(lex, pm, pool, nRacks)...)
	if len(qs) < n {
		return nil, i18n.E("drill.err.judge_questions", "Made", len(qs), "Want", n, "Words", opt.Words.text())
	}
	rng.Shuffle(len(qs), func(i, j int) { qs[i], qs[j] = qs[j], qs[i] })
	return qs, nil
}

// judgeRacks makes n rack questions, alternately with and without a word: a word's tiles, and a
// word's tiles with one changed so that no word uses them all.
func judgeRacks(lex *lexicon.Lexicon, pm *phonyMaker, pool [][]lexicon.Tile, n int) []Question {
	ts := lex.Tiles
	seen := map[string]bool{}
	var qs []Question
	for tries := 0; len(qs) < n && tries < 200*n; tries++ {
		w := pool[pm.rng.IntN(len(pool))]
		if len(w) < 3 {
			continue // two tiles are the twos drill's
		}
		rack := lexicon.Alphagram(w)
		wantWord := len(qs)%2 == 0
		if !wantWord {
			i := pm.rng.IntN(len(rack))
			rack[i] = pm.draw(rack[i])
			lexicon.SortAlphagram(rack)
		}
		if seen[key(rack)] {
			continue
		}
		anagrams := lex.Anagrams(rack)
		words, _ := wordStrings(ts, anagrams, false)
		if (len(words) > 0) != wantWord {
			continue
		}
		seen[key(rack)] = true
		var note Text
		if wantWord {
			note = T("drill.note.rack_words", "Words", strings.Join(words, " "))
		}
		qs = append(qs, Question{
			Kind: KindJudge, Form: FormYesNo,
			Card: "rack " + ts.Notation(rack), Show: ShowRack(ts, rack),
			Ask: T("drill.ask.rack"), Valid: wantWord, Note: note, isRack: true, rackWords: anagrams,
		})
	}
	return qs
}

// HooksOptions select a hooks drill.
type HooksOptions struct {
	Count int
	Seed  uint64
	Words WordRange
}

// hookPhonyMin is how plausible a phony hook must be to be named after a hooks question.
const hookPhonyMin = 0.2

// HooksQuestions makes hook questions: a word, answered with its front and back hook tiles;
// after the answer, the back hooks the lexicon's patterns predict and it lacks are named.
// Words without hooks come up as often as the range holds them: knowing there is none counts.
func HooksQuestions(lex *lexicon.Lexicon, opt HooksOptions) ([]Question, error) {
	if err := checkCount(opt.Count); err != nil {
		return nil, err
	}
	pool, err := opt.Words.words(lex)
	if err != nil {
		return nil, err
	}
	rng := newRand(opt.Seed)
	order := sample(rng, len(pool), take(opt.Count, len(pool)))
	qs := make([]Question, 0, len(order))
	m := morph.For(lex)
	for _, i := range order {
		q := hooksQuestion(lex, pool[i])
		// The decoys of a hooks question: the back hooks the patterns predict and the lexicon
		// lacks, said after the answer (a player who typed one learns why it is wrong).
		if ph := m.HookPhonies(pool[i], hookPhonyMin); len(ph) > 0 {
			var ws []string
			for _, p := range ph[:min(3, len(ph))] {
				ws = append(ws, lex.Tiles.Display(p.Word)+" ("+p.Rule+")")
			}
			q.Note = joinNotes(q.Note, T("drill.note.phony_hooks", "Words", strings.Join(ws, ", ")))
		}
		qs = append(qs, q)
	}
	return qs, nil
}
